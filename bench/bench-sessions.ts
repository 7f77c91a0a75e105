import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db/client';
import { signInSessions } from '../apps/server/src/db/schema';

/** A live session for each user (a bench's tokens name one, as a sign-in's do), in order; their ids. */
export async function benchSessions(db: Db, people: { userId: number; orgId: number }[]): Promise<string[]> {
  const rows = people.map((p) => ({ id: randomUUID(), userId: p.userId, orgId: p.orgId, kind: 'password' }));
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(signInSessions).values(rows.slice(start, start + 1000));
  return rows.map((r) => r.id);
}
