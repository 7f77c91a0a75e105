import type { Db } from '../db/client';
import { groupLoader } from '../db/group-loader';
import { refreshTokens } from '../db/schema';

type NewRefreshToken = typeof refreshTokens.$inferInsert;

/**
 * Stores new refresh tokens a group at a time: the tokens of the sign-ins that arrive while one
 * insert runs go into the next one together (docs/performance.md, Player login). A failed insert
 * fails every sign-in of its group, none silently.
 */
export function refreshTokenWriter(db: Db): (row: NewRefreshToken) => Promise<void> {
  const loader = groupLoader<NewRefreshToken, true>(async (rows) => {
    await db.insert(refreshTokens).values([...rows]);
    return rows.map(() => true as const);
  });
  return async (row) => {
    await loader.load(row);
  };
}
