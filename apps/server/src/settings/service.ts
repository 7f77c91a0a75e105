import type { PublicSettings, PublicSettingsUpdate } from '@playshop/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const PUBLIC_KEYS: (keyof PublicSettings)[] = ['reportIssueUrl', 'statusUrl', 'trainingUrl'];

/**
 * Defaults until an admin changes them in Settings: issues are mailed to the first admin, the status
 * link shows this server's health, and the external training link stays hidden until one is set.
 */
export function defaultPublicSettings(publicUrl: string, adminEmail: string): PublicSettings {
  return { reportIssueUrl: `mailto:${adminEmail}`, statusUrl: `${publicUrl}/health`, trainingUrl: '' };
}

export function settingsService(db: Db, defaults: PublicSettings) {
  async function publicSettings(): Promise<PublicSettings> {
    const rows = await db.select().from(settings).where(inArray(settings.key, PUBLIC_KEYS));
    const result = { ...defaults };
    for (const row of rows) {
      if (typeof row.value === 'string') result[row.key as keyof PublicSettings] = row.value;
    }
    return result;
  }

  return {
    publicSettings,

    /** A super admin's new product-wide links (validated by ZPublicSettingsUpdate). */
    async savePublicSettings(input: PublicSettingsUpdate): Promise<PublicSettings> {
      await db
        .insert(settings)
        .values(PUBLIC_KEYS.map((key) => ({ key, value: input[key] })))
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
      return publicSettings();
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
