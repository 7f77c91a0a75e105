import type { CacheProvider } from '@node-saml/node-saml';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgSaml, samlMessageIds } from '../../db/schema';
import { valueAt } from '../../db/value-at';

/** Whether the organization signs in with SAML (for the "password sign-in off" rule, auth/sso/settings.ts). */
export async function samlEnabled(db: Db, orgId: number): Promise<boolean> {
  return (await valueAt(db, orgSaml.enabled, orgSaml.orgId, orgId)) ?? false;
}

/**
 * Remembers a message id until `expiresAt`; false when it was remembered already (a replay). One
 * insert, so two requests racing with the same id cannot both be first.
 */
export async function rememberOnce(db: Db, key: string, value: string, expiresAt: Date): Promise<boolean> {
  await db
    .delete(samlMessageIds)
    .where(and(eq(samlMessageIds.key, key), lt(samlMessageIds.expiresAt, new Date())));
  const inserted = await db
    .insert(samlMessageIds)
    .values({ key, value, expiresAt })
    .onConflictDoNothing()
    .returning({ key: samlMessageIds.key });
  return inserted.length === 1;
}

/** Remembers `value` under `key` until `expiresAt`, replacing what was there. */
export async function remember(db: Db, key: string, value: string, expiresAt: Date): Promise<void> {
  await db
    .insert(samlMessageIds)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: samlMessageIds.key, set: { value, expiresAt } });
}

/** Forgets the ids whose time is over (housekeeping, app.ts); returns how many. */
export async function purgeExpiredSamlIds(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(samlMessageIds)
    .where(lt(samlMessageIds.expiresAt, now))
    .returning({ key: samlMessageIds.key });
  return gone.length;
}

/**
 * node-saml's store of the AuthnRequest ids sent, in the database (every server instance sees them):
 * an answer's InResponseTo must be one of the organization's, and node-saml removes it once used.
 */
export function requestIdStore(db: Db, orgId: number, ttlMs: number, now: () => Date): CacheProvider {
  const keyOf = (id: string) => `request:${orgId}:${id}`;
  return {
    async saveAsync(id, value) {
      const createdAt = now();
      const fresh = await rememberOnce(db, keyOf(id), value, new Date(createdAt.getTime() + ttlMs));
      return fresh ? { value, createdAt: createdAt.getTime() } : null;
    },
    async getAsync(id) {
      const [row] = await db
        .select({ value: samlMessageIds.value })
        .from(samlMessageIds)
        .where(and(eq(samlMessageIds.key, keyOf(id)), gt(samlMessageIds.expiresAt, now())))
        .limit(1);
      return row?.value ?? null;
    },
    async removeAsync(id) {
      if (!id) return null;
      const [row] = await db
        .delete(samlMessageIds)
        .where(eq(samlMessageIds.key, keyOf(id)))
        .returning({ value: samlMessageIds.value });
      return row?.value ?? null;
    },
  };
}
