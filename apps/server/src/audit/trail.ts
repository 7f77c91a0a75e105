import {
  API_PREFIX,
  AUDIT_ACTIONS,
  AUDIT_ROUTES,
  auditActionKey,
  canPickAnyOrganization,
  isAdminRole,
  ZLoginReply,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { valueAt } from '../db/value-at';
import {
  type AuditChanges,
  type AuditService,
  type AuditTarget,
  auditActorOf,
  changedFields,
} from './service';
import { firstNumber, nameBefore, SNAPSHOTS, secretChanges } from './snapshots';

/** What a handler adds to its request's audit entry: the thing's name and organization, what changed. */
export interface AuditNote {
  action?: string;
  target?: Partial<AuditTarget>;
  changes?: AuditChanges | null;
}

/** What the audit trail read before the handler ran: the target's name, the settings it changes. */
interface AuditBefore {
  name: string | null;
  settings: Record<string, unknown> | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
    auditBefore: AuditBefore | null;
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

/** An audited route's answer, as the recorders below read it (in the onSend hook). */
interface Answered {
  audit: AuditService;
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  payload: unknown;
}

// A sign-in route names its user by the email tried (password) or, once it succeeds, by the
// session it answers (single sign-on, the two-factor step); a refused SSO or code names nobody.
async function recordSignIn({ audit, db, req, reply, payload }: Answered): Promise<void> {
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

/** Routes whose target is the caller themselves. */
const SELF_ROUTES = new Set([
  'PUT /account/language',
  'POST /two-factor/setup',
  'POST /two-factor/confirm',
  'POST /two-factor/disable',
]);

/** `METHOD /path` of the request's route, below the API prefix: its row in AUDIT_ROUTES. */
const routeKey = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url!.replace(API_PREFIX, '')}`;

/** Whether this request is recorded as a change (or an audited read) by an admin or super admin. */
function isAudited(req: FastifyRequest): boolean {
  if (req.method === 'GET' && !req.routeOptions.config?.audit) return false;
  const actor = req.actor;
  return Boolean(actor && isAdminRole(actor.role));
}

/**
 * Before the handler: the target's name (a deleted room's entry keeps it) and the settings the route
 * changes (their before), read only for requests that will be recorded.
 */
async function readBefore(db: Db, req: FastifyRequest): Promise<void> {
  if (req.routeOptions.config?.audit === 'signIn' || !isAudited(req)) return;
  const key = routeKey(req);
  const type = AUDIT_ROUTES[key]?.[1];
  const snapshot = SNAPSHOTS[key];
  req.auditBefore = {
    name: type ? await nameBefore(db, type, req) : null,
    settings: snapshot ? await snapshot(db, req) : null,
  };
}

/** A change by an admin or super admin (or an audited read): who, what, which target, from where. */
async function recordChange({ audit, db, req, reply, payload }: Answered): Promise<void> {
  if (!isAudited(req) || reply.statusCode >= 400) return;
  const actor = req.actor!;
  const config = req.routeOptions.config;
  const note = req.auditNote ?? {};
  const params = asBag(req.params);
  const body = asBag(req.body);
  const out = replyBody(reply, payload);
  const target = note.target ?? {};
  const key = routeKey(req);
  const route = AUDIT_ROUTES[key];
  const before = req.auditBefore;
  // One's own language and two-factor sign-in: the actor is the target.
  const self = SELF_ROUTES.has(key);
  const snapshot = SNAPSHOTS[key];
  // A setting's before → after: the handler's note, else the route's settings read again now.
  const changes = secretChanges(
    note.changes !== undefined
      ? note.changes
      : snapshot && before?.settings
        ? changedFields(before.settings, await snapshot(db, req))
        : null,
  );
  const orgId = !canPickAnyOrganization(actor.role)
    ? actor.orgId
    : target.orgId !== undefined
      ? target.orgId
      : (firstNumber(params.orgId, body.organizationId, body.orgId, out.organizationId, out.orgId) ?? null);
  await audit.record(
    auditActorOf(actor),
    // A key in words for the web (the route itself only for a route the table lacks).
    auditActionKey(note.action ?? config?.audit ?? route?.[0] ?? key, changes),
    {
      type: target.type ?? route?.[1] ?? null,
      id: target.id ?? (self ? actor.userId : firstNumber(params.id, params.orgId, body.id, out.id)) ?? null,
      // A handler's null stays null (an erased player's entry names no one).
      label:
        'label' in target
          ? (target.label ?? null)
          : self
            ? actor.username
            : (firstString(
                out.name,
                out.email,
                out.username,
                out.title,
                body.name,
                body.email,
                body.username,
                body.title,
                body.folderPath,
                body.oldFolderPath,
                body.filePath,
              ) ??
              before?.name ??
              null),
      orgId,
    },
    changes,
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
  app.decorateRequest('auditBefore', null);

  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.url === undefined) return;
    try {
      await readBefore(db, req);
    } catch (err) {
      req.log.error({ err: { message: (err as Error).message } }, 'audit: the before of a change not read');
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url === undefined) return payload;
    try {
      const answered = { audit, db, req, reply, payload };
      if (req.routeOptions.config?.audit === 'signIn') await recordSignIn(answered);
      else await recordChange(answered);
    } catch (err) {
      req.log.error({ err: { message: (err as Error).message } }, 'audit entry not written');
    }
    return payload;
  });
}

/** An organization's name for audit entries (the org may be gone by the time the entry is read). */
export async function organizationName(db: Db, orgId: number): Promise<string | null> {
  return (await valueAt(db, organizations.name, organizations.id, orgId)) ?? null;
}
