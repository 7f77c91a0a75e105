import { LISTED_PLAYER_ROLES, listedStaffRoles, message, type Role, type UserReply } from '@playshop/shared';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { notFound } from '../http/errors';
import { ilikeLiteral, paged, pageWindow } from '../http/pagination';

/** The two user lists of the admin area: staff ('admins': admins and facilitators) and players. */
export type UserKind = 'admin' | 'player';

/** Which organizations a list covers: one, or every one the caller may see. */
export type OrgFilter = { orgId: number } | 'visible';

/** A person's own columns, as the user lists and an organization's export show them. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  role: users.role,
};

const presentedColumns = {
  ...personColumns,
  organizationId: users.orgId,
  organizationName: organizations.name,
  isGuest: users.isGuest,
};

const notFoundText = (kind: UserKind) =>
  message(kind === 'admin' ? 'users.adminNotFound' : 'users.playerNotFound');

/** The roles a caller sees in a list of this kind. */
const rolesOf = (actor: Actor, kind: UserKind): readonly Role[] =>
  kind === 'player' ? LISTED_PLAYER_ROLES : listedStaffRoles(actor.role);

/**
 * Tenancy and kind as one WHERE: the caller's organization unless super admin, the given
 * organization when asked (after the scope check), the kind's roles, and the search term.
 */
function scope(actor: Actor, kind: UserKind, orgs: OrgFilter, term?: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [inArray(users.role, rolesOf(actor, kind))];
  parts.push(orgScope(actor, users.orgId, orgs === 'visible' ? undefined : orgs.orgId));
  if (term) {
    parts.push(
      or(
        ilikeLiteral(users.firstName, term),
        ilikeLiteral(users.lastName, term),
        ilikeLiteral(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
      ),
    );
  }
  return and(...parts);
}

const order = [asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id)];

/** Users as the lists present them, with their organization's name. */
const listed = (db: Db) =>
  db
    .select({ ...presentedColumns })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId));

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

/** One user of a kind the caller may see, or 404. */
export async function findUser(db: Db, actor: Actor, kind: UserKind, id: number): Promise<UserReply> {
  const [row] = await listed(db)
    .where(and(eq(users.id, id), scope(actor, kind, 'visible')))
    .limit(1);
  if (!row) throw notFound(notFoundText(kind));
  return row as UserReply;
}

/** The admin area's user lists: a page, all, a count, one. */
export function userReader(db: Db) {
  return {
    /** A page of one kind of user, by last then first name; optionally searched by first or last name. */
    async page(actor: Actor, kind: UserKind, orgs: OrgFilter, page: number, size: number, term?: string) {
      const where = scope(actor, kind, orgs, term);
      const { offset, limit } = pageWindow(page, size);
      const [rows, total] = await Promise.all([
        listed(db)
          .where(where)
          .orderBy(...order)
          .offset(offset)
          .limit(limit),
        countWhere(db, where),
      ]);
      return paged(rows as UserReply[], page, size, total);
    },

    /** Every user of a kind the caller may see (getadmins, getparticipants). */
    async all(actor: Actor, kind: UserKind): Promise<UserReply[]> {
      const rows = await listed(db)
        .where(scope(actor, kind, 'visible'))
        .orderBy(...order);
      return rows as UserReply[];
    },

    async count(actor: Actor, kind: UserKind, orgs: OrgFilter): Promise<{ count: number }> {
      return { count: await countWhere(db, scope(actor, kind, orgs)) };
    },

    getById: (actor: Actor, kind: UserKind, id: number) => findUser(db, actor, kind, id),
  };
}
