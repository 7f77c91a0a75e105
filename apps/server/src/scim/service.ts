import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, type Role, SCIM_GROUPS } from '@playshop/shared';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scimTokens, users } from '../db/schema';
import { type Actor, orgInScopeById } from '../http/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import { invalidValue, notFound, ScimError } from './errors';
import type { Comparison } from './filter';
import { GROUP_SCHEMA, USER_SCHEMA, type UserFields, versionOf } from './resource';

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** The organization's SCIM token: made, replaced and revoked by its admins; only its hash is kept. */
export function scimTokenService(db: Db, publicUrl: string) {
  const baseUrl = (orgId: number) => `${publicUrl}${API_PREFIX}/scim/v2/${orgId}`;
  const status = async (orgId: number) => {
    const [row] = await db.select().from(scimTokens).where(eq(scimTokens.orgId, orgId));
    return { orgId, baseUrl: baseUrl(orgId), tokenCreatedAt: row?.createdAt.toISOString() ?? null };
  };
  return {
    baseUrl,
    status,
    inScope: (actor: Actor, orgId: number) => orgInScopeById(db, actor, orgId),
    /** A new token (the old one stops working); whether it replaced one. */
    async create(orgId: number) {
      const token = `scim_${randomBytes(32).toString('base64url')}`;
      const [old] = await db
        .select({ orgId: scimTokens.orgId })
        .from(scimTokens)
        .where(eq(scimTokens.orgId, orgId));
      await db
        .insert(scimTokens)
        .values({ orgId, tokenHash: hashToken(token), createdAt: new Date() })
        .onConflictDoUpdate({
          target: scimTokens.orgId,
          set: { tokenHash: hashToken(token), createdAt: new Date() },
        });
      return { ...(await status(orgId)), token, replaced: Boolean(old) };
    },
    async revoke(orgId: number) {
      await db.delete(scimTokens).where(eq(scimTokens.orgId, orgId));
      return status(orgId);
    },
    /** Whether this bearer token is the organization's. */
    async accepts(orgId: number, raw: string): Promise<boolean> {
      const [row] = await db
        .select({ orgId: scimTokens.orgId })
        .from(scimTokens)
        .where(and(eq(scimTokens.orgId, orgId), eq(scimTokens.tokenHash, hashToken(raw))));
      return Boolean(row);
    },
  };
}
export type ScimTokenService = ReturnType<typeof scimTokenService>;

const STAFF: Role[] = ['ADMIN', 'FACILITATOR'];

const userColumns = {
  id: users.id,
  userName: users.username,
  email: users.email,
  givenName: users.firstName,
  familyName: users.lastName,
  externalId: users.scimExternalId,
  active: users.active,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type UserRow = {
  id: number;
  userName: string | null;
  email: string | null;
  givenName: string;
  familyName: string;
  externalId: string | null;
  active: boolean;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
};

/** The change a write made, for the audit log. */
export interface ScimChange {
  action:
    | 'scim.user_create'
    | 'scim.user_edit'
    | 'scim.user_deactivate'
    | 'scim.user_reactivate'
    | 'scim.user_delete'
    | 'scim.role_change';
  userId: number;
  label: string;
  changes?: Record<string, [unknown, unknown]>;
}

/** What the SCIM functions below share: the database, session ends and the SCIM base address. */
interface Ctx {
  db: Db;
  ends: SessionEnds;
  baseUrl: (orgId: number) => string;
}

const inOrg = (orgId: number, ...more: (SQL | undefined)[]) =>
  and(eq(users.orgId, orgId), inArray(users.role, STAFF), eq(users.isGuest, false), ...more);

const fieldsOf = (row: UserRow): UserFields => ({
  userName: row.userName ?? row.email ?? '',
  email: row.email ?? '',
  givenName: row.givenName,
  familyName: row.familyName,
  externalId: row.externalId,
  active: row.active,
});

const groupOf = (role: Role) => SCIM_GROUPS.find((g) => g.role === role);

function toUser(baseUrl: Ctx['baseUrl'], orgId: number, row: UserRow) {
  const f = fieldsOf(row);
  const group = groupOf(row.role);
  const body = {
    schemas: [USER_SCHEMA],
    id: String(row.id),
    ...(f.externalId ? { externalId: f.externalId } : {}),
    userName: f.userName,
    name: {
      givenName: f.givenName,
      familyName: f.familyName,
      formatted: `${f.givenName} ${f.familyName}`.trim(),
    },
    displayName: `${f.givenName} ${f.familyName}`.trim() || f.userName,
    emails: [{ value: f.email, type: 'work', primary: true }],
    active: f.active,
    groups: group
      ? [{ value: group.id, display: group.displayName, $ref: `${baseUrl(orgId)}/Groups/${group.id}` }]
      : [],
  };
  return {
    ...body,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl(orgId)}/Users/${row.id}`,
      version: versionOf(body),
    },
  };
}
type ScimUser = ReturnType<typeof toUser>;

const idOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

async function row(db: Db, orgId: number, id: string): Promise<UserRow> {
  const n = idOf(id);
  const [found] =
    n === null
      ? []
      : await db
          .select(userColumns)
          .from(users)
          .where(inOrg(orgId, eq(users.id, n)));
  if (!found) throw notFound(`User ${id} not found`);
  return found;
}

const conditionOf = ({ attribute, value }: Comparison): SQL => {
  if (typeof value !== 'string')
    throw new ScimError(400, `Compare ${attribute} with a string`, 'invalidFilter');
  switch (attribute) {
    case 'username':
      return sql`lower(coalesce(${users.username}, ${users.email})) = ${value.toLowerCase()}`;
    case 'externalid':
      return eq(users.scimExternalId, value);
    case 'emails':
    case 'emails.value':
      return eq(users.email, value.toLowerCase());
    case 'id':
      return eq(users.id, idOf(value) ?? -1);
    default:
      throw new ScimError(400, `Filtering by ${attribute} is not supported`, 'invalidFilter');
  }
};

/** Writes the fields; a taken userName or email is a uniqueness error. */
async function write(db: Db, orgId: number, fields: UserFields, id?: number): Promise<number> {
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`(${users.email} = ${fields.email} or (${users.orgId} = ${orgId} and lower(${users.username}) = ${fields.userName.toLowerCase()}))`,
        id === undefined ? undefined : sql`${users.id} <> ${id}`,
      ),
    )
    .limit(1);
  if (clash.length > 0)
    throw new ScimError(409, 'A user with this userName or email exists already', 'uniqueness');
  const values = {
    username: fields.userName,
    email: fields.email,
    firstName: fields.givenName,
    lastName: fields.familyName,
    scimExternalId: fields.externalId,
    active: fields.active,
  };
  try {
    if (id !== undefined) {
      await db.update(users).set(values).where(eq(users.id, id));
      return id;
    }
    const [made] = await db
      .insert(users)
      .values({ ...values, role: 'FACILITATOR', orgId })
      .returning({ id: users.id });
    return made!.id;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ScimError(409, 'A user with this userName or email exists already', 'uniqueness');
    throw err;
  }
}

/** What changed, for the audit log; a deactivation ends every session of the user at once. */
async function afterWrite(ends: SessionEnds, before: UserRow, after: UserFields): Promise<ScimChange> {
  const was = fieldsOf(before);
  const changes = Object.fromEntries(
    (Object.keys(after) as (keyof UserFields)[])
      .filter((k) => was[k] !== after[k])
      .map((k) => [k, [was[k], after[k]] as [unknown, unknown]]),
  );
  if (was.active && !after.active) await ends.end(sessionsOf.user(before.id), 'deactivated');
  const action =
    was.active && !after.active
      ? 'scim.user_deactivate'
      : !was.active && after.active
        ? 'scim.user_reactivate'
        : 'scim.user_edit';
  return { action, userId: before.id, label: after.email, changes };
}

const checkVersion = (current: ScimUser, ifMatch: string | undefined) => {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const wanted = ifMatch.split(',').map((v) => v.trim());
  if (!wanted.includes(current.meta.version))
    throw new ScimError(412, 'The resource changed since this version (If-Match)');
};

async function setRole(ctx: Ctx, orgId: number, userIds: number[], role: Role): Promise<ScimChange[]> {
  if (userIds.length === 0) return [];
  const changed = await ctx.db
    .update(users)
    .set({ role })
    .where(inOrg(orgId, inArray(users.id, userIds), sql`${users.role} <> ${role}`))
    .returning({ id: users.id, email: users.email });
  // A new role ends the user's sessions everywhere at once, as an admin's change of it does.
  for (const user of changed) await ctx.ends.end(sessionsOf.user(user.id), 'role_changed');
  return changed.map((u) => ({
    action: 'scim.role_change',
    userId: u.id,
    label: u.email ?? '',
    changes: { role: [role === 'ADMIN' ? 'FACILITATOR' : 'ADMIN', role] as [unknown, unknown] },
  }));
}

const groupById = (id: string) => {
  const group = SCIM_GROUPS.find((g) => g.id === id.toLowerCase());
  if (!group) throw notFound(`Group ${id} not found`);
  return group;
};

async function toGroup(ctx: Ctx, orgId: number, group: (typeof SCIM_GROUPS)[number]) {
  const members = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inOrg(orgId, eq(users.role, group.role)))
    .orderBy(asc(users.id));
  const body = {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    displayName: group.displayName,
    members: members.map((m) => ({
      value: String(m.id),
      display: m.email ?? '',
      $ref: `${ctx.baseUrl(orgId)}/Users/${m.id}`,
    })),
  };
  return {
    ...body,
    meta: {
      resourceType: 'Group',
      location: `${ctx.baseUrl(orgId)}/Groups/${group.id}`,
      version: versionOf(body),
    },
  };
}

/** Member ids of a value (`[{ value: "12" }]`); each must be one of the organization's users. */
async function memberIds(db: Db, orgId: number, value: unknown): Promise<number[]> {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids = list.map((m) => {
    const raw = typeof m === 'object' && m !== null ? (m as { value?: unknown }).value : m;
    const id = typeof raw === 'string' || typeof raw === 'number' ? idOf(String(raw)) : null;
    if (id === null) throw invalidValue('members need the value of a user id');
    return id;
  });
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(orgId, inArray(users.id, ids)));
  if (found.length !== new Set(ids).size) throw invalidValue('A member is not a user of this organization');
  return [...new Set(ids)];
}

/** The organization's staff as SCIM Users: read, listed, made, changed and deleted. */
function scimUsers(ctx: Ctx) {
  const { db, ends, baseUrl } = ctx;
  const present = (orgId: number, r: UserRow) => toUser(baseUrl, orgId, r);
  return {
    toUser: present,
    async getUser(orgId: number, id: string) {
      return present(orgId, await row(db, orgId, id));
    },
    async listUsers(orgId: number, filter: Comparison[], startIndex: number, countWanted: number) {
      const where = inOrg(orgId, ...filter.map(conditionOf));
      const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [
        { total: number },
      ];
      const rows =
        countWanted === 0
          ? []
          : await db
              .select(userColumns)
              .from(users)
              .where(where)
              .orderBy(asc(users.id))
              .offset(startIndex - 1)
              .limit(countWanted);
      return { total, resources: rows.map((r) => present(orgId, r)) };
    },
    async createUser(orgId: number, fields: UserFields) {
      const id = await write(db, orgId, fields);
      const created = await row(db, orgId, String(id));
      return {
        user: present(orgId, created),
        change: { action: 'scim.user_create', userId: id, label: fields.email } as ScimChange,
      };
    },
    /** PUT and PATCH: the new fields from the current ones; If-Match checked first. */
    async updateUser(
      orgId: number,
      id: string,
      ifMatch: string | undefined,
      next: (current: UserFields) => UserFields,
    ) {
      const before = await row(db, orgId, id);
      checkVersion(present(orgId, before), ifMatch);
      const fields = next(fieldsOf(before));
      await write(db, orgId, fields, before.id);
      const change = await afterWrite(ends, before, fields);
      return { user: present(orgId, await row(db, orgId, id)), change };
    },
    async deleteUser(orgId: number, id: string, ifMatch: string | undefined): Promise<ScimChange> {
      const before = await row(db, orgId, id);
      checkVersion(present(orgId, before), ifMatch);
      await ends.end(sessionsOf.user(before.id), 'deleted');
      try {
        await db.delete(users).where(eq(users.id, before.id));
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        // Kept by what they made (rooms, content): deactivated instead, so they cannot sign in.
        await db.update(users).set({ active: false }).where(eq(users.id, before.id));
        throw new ScimError(
          409,
          'The user is still referenced by their work: deactivated instead of deleted',
        );
      }
      return { action: 'scim.user_delete', userId: before.id, label: before.email ?? '' };
    },
  };
}

/**
 * Membership is the role: joining Admins makes an admin, leaving it a facilitator; joining
 * Facilitators makes a facilitator of anyone not in Admins; leaving Facilitators changes nothing.
 */
async function changeMembers(
  ctx: Ctx,
  orgId: number,
  id: string,
  add: unknown,
  remove: unknown,
  replace?: unknown,
) {
  const { db } = ctx;
  const group = groupById(id);
  const changes: ScimChange[] = [];
  if (replace !== undefined) {
    const keep = await memberIds(db, orgId, replace);
    const current = (await toGroup(ctx, orgId, group)).members.map((m) => Number(m.value));
    if (group.role === 'ADMIN')
      changes.push(
        ...(await setRole(
          ctx,
          orgId,
          current.filter((m) => !keep.includes(m)),
          'FACILITATOR',
        )),
      );
    changes.push(...(await setRole(ctx, orgId, keep, group.role)));
  }
  const adding = await memberIds(db, orgId, add);
  const removing = await memberIds(db, orgId, remove);
  if (group.role === 'ADMIN') {
    changes.push(...(await setRole(ctx, orgId, adding, 'ADMIN')));
    changes.push(...(await setRole(ctx, orgId, removing, 'FACILITATOR')));
  } else {
    const notAdmins = adding.length
      ? (
          await db
            .select({ id: users.id })
            .from(users)
            .where(inOrg(orgId, inArray(users.id, adding), eq(users.role, 'FACILITATOR')))
        ).map((u) => u.id)
      : [];
    changes.push(...(await setRole(ctx, orgId, notAdmins, 'FACILITATOR')));
  }
  return { group: await toGroup(ctx, orgId, group), changes };
}

/** The organization's roles as SCIM Groups: listed, read, and their members changed. */
function scimGroups(ctx: Ctx) {
  return {
    async listGroups(orgId: number, filter: Comparison[]) {
      const groups = SCIM_GROUPS.filter((g) =>
        filter.every(({ attribute, value }) => {
          if (attribute === 'displayname')
            return typeof value === 'string' && value.toLowerCase() === g.displayName.toLowerCase();
          if (attribute === 'id') return value === g.id;
          throw new ScimError(400, `Filtering groups by ${attribute} is not supported`, 'invalidFilter');
        }),
      );
      return Promise.all(groups.map((g) => toGroup(ctx, orgId, g)));
    },
    async getGroup(orgId: number, id: string) {
      return toGroup(ctx, orgId, groupById(id));
    },
    changeMembers: (orgId: number, id: string, add: unknown, remove: unknown, replace?: unknown) =>
      changeMembers(ctx, orgId, id, add, remove, replace),
    groupById,
  };
}

/**
 * The organization's staff (admins and facilitators) as SCIM Users and its roles as Groups. Every
 * query names the organization: another organization's user is not found.
 */
export function scimService(db: Db, ends: SessionEnds, baseUrl: (orgId: number) => string) {
  const ctx: Ctx = { db, ends, baseUrl };
  return { ...scimUsers(ctx), ...scimGroups(ctx) };
}
export type ScimService = ReturnType<typeof scimService>;
