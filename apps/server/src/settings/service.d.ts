import type { PublicSettings } from '@playshop/shared';
import type { Db } from '../db/client';
/**
 * Defaults until an admin changes them in Settings: issues are mailed to the first admin, the status
 * link shows this server's health, and the external training link stays hidden until one is set.
 */
export declare function defaultPublicSettings(publicUrl: string, adminEmail: string): PublicSettings;
export declare function settingsService(db: Db, defaults: PublicSettings): {
    publicSettings(): Promise<PublicSettings>;
};
export type SettingsService = ReturnType<typeof settingsService>;
