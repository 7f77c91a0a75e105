import {
  LISTED_PLAYER_ROLES,
  listedStaffRoles,
  message,
  type Role,
  type StaffLanguage,
  USER_TEXTS,
  type UserReply,
  type ZCreateAdmin,
  type ZCreatePlayer,
  type ZEditAdmin,
  type ZEditPlayer,
} from '@playshop/shared';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashNewPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { bumpedTokenVersion } from '../http/authenticate';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { ilikeLiteral, paged, pageWindow } from '../http/pagination';
import { checkStaffRole, isEmailTaken, isUsernameTaken, organizationForUsers, writing } from './checks';
import { playerCsvService } from './player-csv';

/** The two user lists of the admin area: staff ('admins': admins and facilitators) and players. */
export type UserKind = 'admin' | 'player';

/** Which organizations a list covers: one, or every one the caller may see. */
type OrgFilter = { orgId: number } | 'visible';

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

  const checkOrganization = (actor: Actor, organizationId: number) =>
    organizationForUsers(db, actor, organizationId);
  const emailTaken = (email: string, exceptId?: number) => isEmailTaken(db, email, exceptId);
  const usernameTaken = (username: string, exceptId?: number) => isUsernameTaken(db, username, exceptId);

  return {
    ...playerCsvService(db),

    /** The caller's own language of the staff screens (null: the browser's); sign-in replies carry it. */
    async setLanguage(actor: Actor, language: StaffLanguage | null) {
      await db.update(users).set({ language }).where(eq(users.id, actor.userId));
      return { language };
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
      if (await usernameTaken(input.username)) throw conflict(message('users.duplicateUsername'));
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
      if (await emailTaken(input.email)) throw conflict(message('users.duplicateEmail'));
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
      if (await usernameTaken(input.username, current.id)) throw conflict(message('users.duplicateUsername'));
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
        if (current.id === actor.userId) throw forbidden(message('users.cannotChangeOwnRole'));
        checkStaffRole(actor, input.role);
      }
      if (input.organizationId !== current.organizationId)
        await checkOrganization(actor, input.organizationId);
      if (await emailTaken(input.email, current.id)) throw conflict(message('users.duplicateEmail'));
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
      if (target.id === actor.userId) throw badRequest(message('users.cannotDeleteSelf'));
      try {
        await db.delete(users).where(eq(users.id, target.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new AppError('USER_IN_USE', 409, message('errors.userInUse'));
        }
        throw error;
      }
      return { message: USER_TEXTS.deleted };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
