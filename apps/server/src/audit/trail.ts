import {
  ADMIN_ROLES,
  API_PREFIX,
  AUDIT_ACTIONS,
  canPickAnyOrganization,
  type Role,
  ZLoginReply,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import {
  type AuditChanges,
  type AuditService,
  type AuditTarget,
  auditActorOf,
  changedFields,
} from './service';

/** What a handler adds to its request's audit entry: the thing's name and organization, what changed. */
export interface AuditNote {
  action?: string;
  target?: Partial<AuditTarget>;
  changes?: AuditChanges | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
  interface FastifyContextConfig {
    /**
     * 'signIn': the route is a staff sign-in (each success and refusal recorded). Any other value
     * names the action of a GET that must be recorded too (an export); changes are recorded anyway.
     */
    audit?: string;
  }
}

/** Adds to the audit entry of this request (recorded once the reply is known to succeed). */
export function noteAudit(req: FastifyRequest, note: AuditNote): void {
  req.auditNote = { ...req.auditNote, ...note, target: { ...req.auditNote?.target, ...note.target } };
}

/** Notes a change from `before` to `after` of one thing: only the fields that differ are kept. */
export function noteChange(
  req: FastifyRequest,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  target: Partial<AuditTarget> = {},
): void {
  noteAudit(req, { changes: changedFields(before, after), target });
}

type Bag = Record<string, unknown>;
const asBag = (v: unknown): Bag => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Bag) : {});
const firstNumber = (...values: unknown[]): number | undefined => {
  for (const v of values) {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isInteger(n)) return n;
  }
  return undefined;
};
const firstString = (...values: unknown[]): string | undefined =>
  values.find((v): v is string => typeof v === 'string' && v !== '');

/** The reply's JSON body when it is a small JSON object (its id and name name a created thing). */
function replyBody(reply: FastifyReply, payload: unknown): Bag {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.includes('json') || payload.length > 100_000) return {};
  try {
    return asBag(JSON.parse(payload));
  } catch {
    return {};
  }
}

// A sign-in route names its user by the email tried (password) or, once it succeeds, by the
// session it answers (single sign-on, the two-factor step); a refused SSO or code names nobody.
async function recordSignIn(
  audit: AuditService,
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const ok = reply.statusCode === 200;
  if (!ok && ![400, 401, 403, 429].includes(reply.statusCode)) return;
  const out = replyBody(reply, payload);
  // Input refused before any sign-in was tried (a malformed field, NUL among them, which
  // PostgreSQL's text cannot hold) is no sign-in attempt; a wrong two-factor code (400) is.
  if (out.code === 'VALIDATION_ERROR') return;
  const email = asBag(req.body).email;
  const tried = typeof email === 'string' ? email.trim().toLowerCase() : null;
  // A session the route answered names its user already; only a refusal or a second step is looked up.
  const session = ZLoginReply.safeParse(out);
  const [user] = session.success
    ? [
        {
          id: session.data.userId,
          role: session.data.role,
          orgId: session.data.orgId,
          email: session.data.username,
        },
      ]
    : tried !== null
      ? await db
          .select({ id: users.id, role: users.role, orgId: users.orgId, email: users.email })
          .from(users)
          .where(eq(users.email, tried))
          .limit(1)
      : [];
  const tag = (req.routeOptions.schema as { tags?: string[] } | undefined)?.tags?.[0];
  const secondStep = ok && typeof out.twoFactor === 'string';
  await audit.record(
    {
      userId: user?.id ?? null,
      role: user?.role ?? null,
      label: tried ?? user?.email ?? '(unknown)',
      orgId: user?.orgId ?? null,
    },
    secondStep ? AUDIT_ACTIONS.signInSecondStep : ok ? AUDIT_ACTIONS.signIn : AUDIT_ACTIONS.signInRefused,
    {
      type: tag && tag !== 'auth' ? tag : 'session',
      label: ok ? null : (firstString(out.code) ?? String(reply.statusCode)),
      orgId: user?.orgId ?? null,
    },
    null,
    req.ip,
  );
}

/** A change by an admin or super admin (or an audited read): who, what, which target, from where. */
async function recordChange(
  audit: AuditService,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const config = req.routeOptions.config;
  if (req.method === 'GET' && !config?.audit) return;
  const actor = req.actor;
  if (!actor || !ADMIN_ROLES.includes(actor.role as Role) || reply.statusCode >= 400) return;
  const note = req.auditNote ?? {};
  const params = asBag(req.params);
  const body = asBag(req.body);
  const out = replyBody(reply, payload);
  const target = note.target ?? {};
  const orgId = !canPickAnyOrganization(actor.role)
    ? actor.orgId
    : target.orgId !== undefined
      ? target.orgId
      : (firstNumber(params.orgId, body.organizationId, body.orgId, out.organizationId, out.orgId) ?? null);
  const schema = req.routeOptions.schema as { tags?: string[] } | undefined;
  await audit.record(
    auditActorOf(actor),
    note.action ?? (config?.audit || `${req.method} ${req.routeOptions.url!.replace(API_PREFIX, '')}`),
    {
      type: target.type ?? schema?.tags?.[0] ?? null,
      id: target.id ?? firstNumber(params.id, body.id, out.id) ?? null,
      label:
        target.label ??
        firstString(
          out.name,
          out.email,
          out.username,
          out.title,
          body.name,
          body.email,
          body.username,
          body.title,
        ) ??
        null,
      orgId,
    },
    note.changes ?? null,
    req.ip,
  );
}

/**
 * The audit trail of the API scope: every successful change (POST, PUT, PATCH, DELETE) by an admin
 * or super admin, every GET whose route config names an `audit` action (exports), and every staff
 * sign-in and refusal (`audit: 'signIn'`), recorded when the reply is sent. Routes add names and
 * before → after with `noteAudit` / `noteChange`; the rest (who, when, from where, the target's id
 * and organization) is read from the request. A failed write is logged, never the caller's failure.
 */
export function registerAuditTrail(app: FastifyInstance, audit: AuditService, db: Db): void {
  app.decorateRequest('auditNote', null);

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url === undefined) return payload;
    try {
      if (req.routeOptions.config?.audit === 'signIn') await recordSignIn(audit, db, req, reply, payload);
      else await recordChange(audit, req, reply, payload);
    } catch (err) {
      req.log.error({ err: { message: (err as Error).message } }, 'audit entry not written');
    }
    return payload;
  });
}

/** An organization's name for audit entries (the org may be gone by the time the entry is read). */
export async function organizationName(db: Db, orgId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row?.name ?? null;
}
