import {
  checkPlayerRows,
  ERRORS,
  type ImportPlayersInput,
  type ImportRowProblem,
  inScope,
  isStaffRole,
  LISTED_PLAYER_ROLES,
  listedStaffRoles,
  PLAYER_CSV_COLUMNS,
  type Role,
  roleChoices,
  USER_TEXTS,
  type UserReply,
  type ZCreateAdmin,
  type ZCreatePlayer,
  type ZEditAdmin,
  type ZEditPlayer,
} from '@playshop/shared';
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashNewPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { organizations, users } from '../db/schema';
import { type Actor, orgInScope, orgScope } from '../http/actor';
import { bumpedTokenVersion } from '../http/authenticate';
import { toCsv } from '../http/csv';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { ilikeLiteral, paged, pageWindow } from '../http/pagination';

/** The two user lists of the admin area: staff ('admins': admins and facilitators) and players. */
export type UserKind = 'admin' | 'player';

/** Which organizations a list covers: one, or every one the caller may see. */
type OrgFilter = { orgId: number } | 'visible';

const presentedColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  role: users.role,
  organizationId: users.orgId,
  organizationName: organizations.name,
  isGuest: users.isGuest,
};

const notFoundText = (kind: UserKind) =>
  kind === 'admin' ? USER_TEXTS.adminNotFound : USER_TEXTS.playerNotFound;

export function usersService(db: Db) {
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

  async function countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(users).where(where);
    return row?.n ?? 0;
  }

  async function findOne(actor: Actor, kind: UserKind, id: number) {
    const [row] = await db
      .select({ ...presentedColumns })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(and(eq(users.id, id), scope(actor, kind, 'visible')))
      .limit(1);
    if (!row) throw notFound(notFoundText(kind));
    return row as UserReply;
  }

  /** A non-super-admin may only place users in their own organization, and it must exist. */
  async function checkOrganization(actor: Actor, organizationId: number): Promise<void> {
    if (!inScope(actor, organizationId)) throw forbidden(USER_TEXTS.otherOrganization);
    if (!(await hasRow(db, organizations.id, organizationId)))
      throw badRequest(ERRORS.organizationNotFound, 'organizationId');
  }

  /** Staff roles a caller may give: never Player here, Super Admin only by a super admin. */
  function checkStaffRole(actor: Actor, role: Role): void {
    if (!isStaffRole(role)) throw badRequest(USER_TEXTS.playersOnPlayersPage, 'role');
    if (!roleChoices(actor.role).includes(role)) throw forbidden(USER_TEXTS.roleNotAllowed);
  }

  async function emailTaken(email: string, exceptId?: number) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1);
    return rows.length > 0;
  }

  async function usernameTaken(username: string, exceptId?: number) {
    const same = sql`lower(${users.username}) = lower(${username})`;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
      .limit(1);
    return rows.length > 0;
  }

  /** Runs a write, turning a unique-index race into the same 409 as the check before it. */
  async function writing<T>(kind: UserKind, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(kind === 'admin' ? USER_TEXTS.duplicateEmail : USER_TEXTS.duplicateUsername);
      }
      throw error;
    }
  }

  /** Which of these usernames (lower-case) are taken already, in any organization. */
  async function takenUsernames(usernames: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    // In slices: one statement's parameters stay well under PostgreSQL's limit of 65,535.
    for (let i = 0; i < usernames.length; i += 5000) {
      const slice = usernames.slice(i, i + 5000);
      const rows = await db
        .select({ username: sql<string>`lower(${users.username})` })
        .from(users)
        .where(sql`lower(${users.username}) in ${slice}`);
      for (const r of rows) taken.add(r.username);
    }
    return taken;
  }

  return {
    /**
     * Creates every row as a player of the organization in one transaction, after checking each row
     * again with the shared schema and against the usernames taken: any bad row and nothing is saved.
     */
    async importPlayers(
      actor: Actor,
      input: ImportPlayersInput,
    ): Promise<{ imported: number } | { problems: ImportRowProblem[] }> {
      await checkOrganization(actor, input.organizationId);
      const lowered = input.rows.map((r) => r.username.trim().toLowerCase()).filter(Boolean);
      const checked = checkPlayerRows(input.rows, await takenUsernames([...new Set(lowered)]));
      const problems = checked.flatMap((c) => (c.ok ? [] : [{ row: c.row, reason: c.reason }]));
      if (problems.length > 0) return { problems };
      const values = checked.flatMap((c) =>
        c.ok ? [{ ...c.value, role: 'PLAYER' as const, orgId: input.organizationId }] : [],
      );
      await writing('player', () =>
        db.transaction(async (tx) => {
          for (let i = 0; i < values.length; i += 1000)
            await tx.insert(users).values(values.slice(i, i + 1000));
        }),
      );
      return { imported: values.length };
    },

    /** The organization's players as CSV with the import's columns, and a guest column. */
    async exportPlayers(actor: Actor, organizationId: number): Promise<{ filename: string; csv: string }> {
      const org = await orgInScope(db, actor, eq(organizations.id, organizationId));
      const rows = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          isGuest: users.isGuest,
        })
        .from(users)
        .where(and(eq(users.orgId, organizationId), eq(users.role, 'PLAYER')))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      const csv = toCsv([
        [...PLAYER_CSV_COLUMNS, 'guest'],
        ...rows.map((r) => [r.firstName, r.lastName, r.username ?? '', r.isGuest ? 'yes' : 'no']),
      ]);
      const safeName = org.name.replace(/[^\w-]+/g, '-');
      return { filename: `${safeName}-players.csv`, csv };
    },

    /** A page of one kind of user, by last then first name; optionally searched by first or last name. */
    async page(actor: Actor, kind: UserKind, orgs: OrgFilter, page: number, size: number, term?: string) {
      const where = scope(actor, kind, orgs, term);
      const { offset, limit } = pageWindow(page, size);
      const [rows, total] = await Promise.all([
        db
          .select({ ...presentedColumns })
          .from(users)
          .innerJoin(organizations, eq(organizations.id, users.orgId))
          .where(where)
          .orderBy(...order)
          .offset(offset)
          .limit(limit),
        countWhere(where),
      ]);
      return paged(rows as UserReply[], page, size, total);
    },

    /** Every user of a kind the caller may see (getadmins, getparticipants). */
    async all(actor: Actor, kind: UserKind): Promise<UserReply[]> {
      const rows = await db
        .select({ ...presentedColumns })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(scope(actor, kind, 'visible'))
        .orderBy(...order);
      return rows as UserReply[];
    },

    async count(actor: Actor, kind: UserKind, orgs: OrgFilter): Promise<{ count: number }> {
      return { count: await countWhere(scope(actor, kind, orgs)) };
    },

    getById: findOne,

    async createPlayer(actor: Actor, input: z.output<typeof ZCreatePlayer>): Promise<UserReply> {
      await checkOrganization(actor, input.organizationId);
      if (await usernameTaken(input.username)) throw conflict(USER_TEXTS.duplicateUsername);
      const [row] = await writing('player', () =>
        db
          .insert(users)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            role: 'PLAYER',
            orgId: input.organizationId,
          })
          .returning({ id: users.id }),
      );
      return findOne(actor, 'player', row!.id);
    },

    async createAdmin(actor: Actor, input: z.output<typeof ZCreateAdmin>): Promise<UserReply> {
      checkStaffRole(actor, input.role);
      await checkOrganization(actor, input.organizationId);
      if (await emailTaken(input.email)) throw conflict(USER_TEXTS.duplicateEmail);
      const passwordHash = await hashNewPassword(input.password, input);
      const [row] = await writing('admin', () =>
        db
          .insert(users)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            passwordHash,
            role: input.role,
            orgId: input.organizationId,
          })
          .returning({ id: users.id }),
      );
      return findOne(actor, 'admin', row!.id);
    },

    async editPlayer(actor: Actor, input: z.output<typeof ZEditPlayer>): Promise<UserReply> {
      const current = await findOne(actor, 'player', input.id);
      if (input.organizationId !== current.organizationId)
        await checkOrganization(actor, input.organizationId);
      if (await usernameTaken(input.username, current.id)) throw conflict(USER_TEXTS.duplicateUsername);
      await writing('player', () =>
        db
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            orgId: input.organizationId,
            // A move to another organization revokes the player's access tokens at once.
            ...(input.organizationId !== current.organizationId
              ? { tokenVersion: bumpedTokenVersion() }
              : {}),
          })
          .where(eq(users.id, current.id)),
      );
      return findOne(actor, 'player', current.id);
    },

    /**
     * PATCH /edit-admin. Nobody changes their own role (an admin cannot raise it, a super admin cannot
     * lock themselves out); only a super admin gives Super Admin or moves a user to another organization.
     */
    async editAdmin(actor: Actor, input: z.output<typeof ZEditAdmin>): Promise<UserReply> {
      const current = await findOne(actor, 'admin', input.id);
      if (input.role !== current.role) {
        if (current.id === actor.userId) throw forbidden(USER_TEXTS.cannotChangeOwnRole);
        checkStaffRole(actor, input.role);
      }
      if (input.organizationId !== current.organizationId)
        await checkOrganization(actor, input.organizationId);
      if (await emailTaken(input.email, current.id)) throw conflict(USER_TEXTS.duplicateEmail);
      await writing('admin', () =>
        db
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            role: input.role,
            orgId: input.organizationId,
            // A new role or organization revokes the user's access tokens at once.
            ...(input.role !== current.role || input.organizationId !== current.organizationId
              ? { tokenVersion: bumpedTokenVersion() }
              : {}),
          })
          .where(eq(users.id, current.id)),
      );
      return findOne(actor, 'admin', current.id);
    },

    /** Deletes a user the caller may see; never the caller. Their sessions go with them. */
    async remove(actor: Actor, kind: UserKind, id: number): Promise<{ message: string }> {
      const target = await findOne(actor, kind, id);
      if (target.id === actor.userId) throw badRequest(USER_TEXTS.cannotDeleteSelf);
      try {
        await db.delete(users).where(eq(users.id, target.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new AppError('USER_IN_USE', 409, 'This user is still referenced and cannot be deleted');
        }
        throw error;
      }
      return { message: USER_TEXTS.deleted };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
