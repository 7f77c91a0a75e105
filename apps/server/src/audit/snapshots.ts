import type { AuditTargetType } from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { type OrgTable, orgRow } from '../db/org-row';
import {
  categories,
  content,
  organizations,
  orgSaml,
  orgSignIn,
  orgXapi,
  questions,
  rooms,
  sessions,
  settings,
  users,
  workshops,
} from '../db/schema';
import { PRODUCT_TWO_FACTOR_KEY, TRAINING_SETTINGS_KEY } from '../db/setting-keys';
import { valueAt } from '../db/value-at';
import type { AuditChanges } from './service';

type Bag = Record<string, unknown>;
const asBag = (v: unknown): Bag => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Bag) : {});

/** The first whole number among the values (a path's '12' or a body's 12). */
export const firstNumber = (...values: unknown[]): number | undefined => {
  for (const v of values) {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647) return n;
  }
  return undefined;
};

const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

/** The name of a thing by its id, read before a request changes or deletes it (entries outlive things). */
const NAMES: Partial<Record<AuditTargetType, (db: Db, id: number) => Promise<string | null | undefined>>> = {
  room: (db, id) => valueAt(db, rooms.name, rooms.id, id),
  user: async (db, id) =>
    (
      await one(
        db
          .select({ n: sql<string | null>`coalesce(${users.email}, ${users.username})` })
          .from(users)
          .where(eq(users.id, id))
          .limit(1),
      )
    )?.n,
  organization: (db, id) => valueAt(db, organizations.name, organizations.id, id),
  category: (db, id) => valueAt(db, categories.name, categories.id, id),
  content: (db, id) => valueAt(db, content.title, content.id, id),
  question: async (db, id) =>
    (
      await one(
        db
          .select({ n: content.title })
          .from(questions)
          .innerJoin(content, eq(content.id, questions.contentId))
          .where(eq(questions.id, id)),
      )
    )?.n,
  workshop: (db, id) => valueAt(db, workshops.name, workshops.id, id),
  session: (db, id) => valueAt(db, sessions.name, sessions.id, id),
};

/** The target's name as it is before the request: what a deleted room's entry names it by. */
export async function nameBefore(db: Db, type: AuditTargetType, req: FastifyRequest): Promise<string | null> {
  const params = asBag(req.params);
  const body = asBag(req.body);
  const id =
    type === 'organization'
      ? firstNumber(params.orgId, params.id, body.orgId, body.id)
      : firstNumber(params.id, body.id, body.roomId);
  const read = NAMES[type];
  return id && read ? ((await read(db, id)) ?? null) : null;
}

const settingValue = (db: Db, key: string) => valueAt(db, settings.value, settings.key, key);

const orgColumns = async (db: Db, id: number | undefined) =>
  id
    ? await one(
        db
          .select({
            brandPrimary: organizations.brandPrimary,
            brandAccent: organizations.brandAccent,
            logo: organizations.logoKey,
          })
          .from(organizations)
          .where(eq(organizations.id, id)),
      )
    : undefined;

/** A setting kept in a per-organization table: the row of the organization the path's :id names. */
const orgRowSnapshot =
  <T extends OrgTable>(table: T, fields: (row: T['$inferSelect'] | undefined) => Bag) =>
  async (db: Db, req: FastifyRequest) => {
    const orgId = firstNumber(asBag(req.params).id);
    return fields(orgId ? await orgRow(db, table, orgId) : undefined);
  };

/** The stored marks of a client secret: never its value, only whether one is kept or replaced. */
export const SECRET_KEPT = 'hidden';
export const SECRET_NEW = 'hidden-new';

/**
 * The settings a route changes, read before and after it (issue 42: every setting's before → after).
 * Each reader returns the fields of one setting; `changedFields` keeps those that differ.
 */
export const SNAPSHOTS: Readonly<Record<string, (db: Db, req: FastifyRequest) => Promise<Bag>>> = {
  'PUT /organizations/:id/sign-in': orgRowSnapshot(orgSignIn, (row) => ({
    ssoEnabled: row?.ssoEnabled ?? false,
    passwordSignInDisabled: row?.passwordSignInDisabled ?? false,
    requireTwoFactorForAdmins: row?.requireTwoFactorForAdmins ?? false,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    // The sealed secret is compared, then replaced by a mark (secretChanges) before it is stored.
    clientSecret: row?.clientSecretEncrypted ?? null,
    createAccounts: row?.createAccounts ?? false,
    defaultRole: row?.defaultRole ?? 'FACILITATOR',
  })),
  'PUT /organizations/:id/saml': orgRowSnapshot(orgSaml, (row) => ({
    samlEnabled: row?.enabled ?? false,
    samlMetadataUrl: row?.idpMetadataUrl ?? null,
    samlIdentityProvider: row?.idpEntityId ?? null,
  })),
  'PUT /organizations/:id/xapi': orgRowSnapshot(orgXapi, (row) => ({
    xapiEnabled: row?.enabled ?? false,
    lrsEndpoint: row?.endpoint ?? null,
    lrsKey: row?.authKey ?? null,
    // The sealed secret is compared, then replaced by a mark (secretChanges) before it is stored.
    lrsSecret: row?.secretEncrypted ?? null,
    identifyByEmail: row?.identifyByEmail ?? false,
  })),
  'PUT /product-sign-in': async (db) => ({
    requireTwoFactorForStaff: (await settingValue(db, PRODUCT_TWO_FACTOR_KEY)) === true,
  }),
  'PUT /training-settings': async (db) => asBag(await settingValue(db, TRAINING_SETTINGS_KEY)),
  'PUT /org-branding': async (db, req) => {
    const org = await orgColumns(db, firstNumber(asBag(req.body).orgId));
    return { brandPrimary: org?.brandPrimary ?? null, brandAccent: org?.brandAccent ?? null };
  },
  'PUT /org-logo': async (db, req) => ({
    logo: (await orgColumns(db, firstNumber(asBag(req.body).orgId)))?.logo ?? null,
  }),
  'DELETE /org-logo/:orgId': async (db, req) => ({
    logo: (await orgColumns(db, firstNumber(asBag(req.params).orgId)))?.logo ?? null,
  }),
  'PUT /rooms/:id/language': async (db, req) => {
    const id = firstNumber(asBag(req.params).id);
    return { language: (id ? await valueAt(db, rooms.language, rooms.id, id) : undefined) ?? null };
  },
  'PUT /rooms/:id/guests': async (db, req) => {
    const id = firstNumber(asBag(req.params).id);
    return { allowGuests: (id ? await valueAt(db, rooms.allowGuests, rooms.id, id) : undefined) ?? null };
  },
  'PUT /account/language': async (db, req) => {
    const id = req.actor?.userId;
    return { language: (id ? await valueAt(db, users.language, users.id, id) : undefined) ?? null };
  },
};

/** The snapshot fields that hold a sealed secret (an OIDC client's, a learning record store's). */
const SECRET_FIELDS = ['clientSecret', 'lrsSecret'] as const;

/** A changed secret as marks: kept or new, never the sealed value itself. */
export function secretChanges(changes: AuditChanges | null): AuditChanges | null {
  if (!changes) return changes;
  let marked = changes;
  for (const field of SECRET_FIELDS) {
    const change = changes[field];
    if (!change) continue;
    const [before, after] = change;
    marked = { ...marked, [field]: [before ? SECRET_KEPT : null, after ? SECRET_NEW : null] };
  }
  return marked;
}
