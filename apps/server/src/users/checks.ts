import { isStaffRole, message, type Role, roleChoices } from '@playshop/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Actor } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { badRequest, conflict, forbidden } from '../http/errors';
import type { UserKind } from './reading';

/** The checks every write of a user makes before it: where the user goes, which role, which names are free. */

/** Staff roles a caller may give: never Player here, Super Admin only by a super admin. */
export function checkStaffRole(actor: Actor, role: Role): void {
  if (!isStaffRole(role)) throw badRequest(message('users.playersOnPlayersPage'), 'role');
  if (!roleChoices(actor.role).includes(role)) throw forbidden(message('users.roleNotAllowed'));
}

export async function isEmailTaken(db: Db, email: string, exceptId?: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  return rows.length > 0;
}

/** Whether `username` is taken in organization `orgId` (usernames are unique per organization). */
export async function isUsernameTaken(db: Db, username: string, orgId: number, exceptId?: number) {
  const same = and(eq(users.orgId, orgId), sql`lower(${users.username}) = lower(${username})`);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
    .limit(1);
  return rows.length > 0;
}

/** Runs a write, turning a unique-index race into the same 409 as the check before it. */
export async function writing<T>(kind: UserKind, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(kind === 'admin' ? message('users.duplicateEmail') : message('users.duplicateUsername'));
    }
    throw error;
  }
}

/** Which of these usernames (lower-case) are taken already in organization `orgId`. */
export async function takenUsernames(db: Db, usernames: string[], orgId: number): Promise<Set<string>> {
  const taken = new Set<string>();
  // In slices: one statement's parameters stay well under PostgreSQL's limit of 65,535.
  for (let i = 0; i < usernames.length; i += 5000) {
    const slice = usernames.slice(i, i + 5000);
    const rows = await db
      .select({ username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(and(eq(users.orgId, orgId), sql`lower(${users.username}) in ${slice}`));
    for (const r of rows) taken.add(r.username);
  }
  return taken;
}
