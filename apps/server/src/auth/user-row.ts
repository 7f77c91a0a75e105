import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import type { Actor } from '../http/actor';

/** The user as a sign-in reads them, with their organization. A fresh builder per query: Drizzle builders are mutable. */
export const userWithOrg = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      passwordHash: users.passwordHash,
      isGuest: users.isGuest,
      tokenVersion: users.tokenVersion,
      language: users.language,
      active: users.active,
      orgId: organizations.id,
      orgName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId));

export type UserRow = Awaited<ReturnType<typeof userWithOrg>>[number];

export const toActor = (u: UserRow): Actor => ({
  userId: u.id,
  role: u.role,
  orgId: u.orgId,
  orgName: u.orgName,
  username: u.username ?? u.email ?? '',
});
