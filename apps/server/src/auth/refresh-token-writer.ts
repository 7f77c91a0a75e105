import type { Db } from '../db/client';
import { groupLoader } from '../db/group-loader';
import { refreshTokens, signInSessions } from '../db/schema';

type NewSession = typeof signInSessions.$inferInsert;
type NewRefreshToken = typeof refreshTokens.$inferInsert;

/**
 * Stores new sessions with their first refresh token a group at a time: the sign-ins that arrive
 * while one insert runs go into the next one together (docs/performance.md, Player login). A failed
 * insert fails every sign-in of its group, none silently.
 */
export function sessionWriter(db: Db): (session: NewSession, token: NewRefreshToken) => Promise<void> {
  const loader = groupLoader<{ session: NewSession; token: NewRefreshToken }, true>(async (rows) => {
    await db.transaction(async (tx) => {
      await tx.insert(signInSessions).values(rows.map((r) => r.session));
      await tx.insert(refreshTokens).values(rows.map((r) => r.token));
    });
    return rows.map(() => true as const);
  });
  return async (session, token) => {
    await loader.load({ session, token });
  };
}
