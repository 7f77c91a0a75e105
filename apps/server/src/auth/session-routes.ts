import { ADMIN_ROLES, message, SESSIONS_API, type SignInSession } from '@playshop/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditService } from '../audit/service';
import { auditActorOf } from '../audit/service';
import { noteAudit } from '../audit/trail';
import type { Db } from '../db/client';
import { signInSessions, users } from '../db/schema';
import { type Actor, orgScope } from '../http/actor';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';
import { sessionOf as currentOf, type SessionEnds, sessionsOf } from '../sessions/sessions';

/**
 * "Where you're signed in" and signing out elsewhere. Each end is audited: an admin's through the
 * trail (its note), a facilitator's, which the trail does not record, directly.
 */
export function sessionRoutes(app: FastifyInstance, db: Db, ends: SessionEnds, audit: AuditService): void {
  const audited = async (
    req: FastifyRequest,
    actor: Actor,
    action: string,
    target: { id: number; label: string | null; orgId: number | null },
    type: 'sign-in' | 'user' = 'sign-in',
  ) => {
    // 'sign-in', not 'session': the audit's sessions are a workshop's.
    const where = { type, ...target };
    if (ADMIN_ROLES.includes(actor.role)) noteAudit(req, { action, target: where });
    else await audit.record(auditActorOf(actor), action, where, null, req.ip);
  };

  route(app, SESSIONS_API.mine, async ({ actor, req }): Promise<SignInSession[]> => {
    const rows = await db
      .select()
      .from(signInSessions)
      .where(and(eq(signInSessions.userId, actor.userId), isNull(signInSessions.endedAt)))
      .orderBy(desc(signInSessions.lastSeenAt));
    const current = currentOf(req);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as SignInSession['kind'],
      userAgent: r.userAgent,
      address: r.address,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === current,
    }));
  });

  route(app, SESSIONS_API.endMine, async ({ actor, params, req }) => {
    // Only a session of the caller's own: another's id is not found, as a missing one.
    const ended = await ends.end(
      and(sessionsOf.one(params.id), eq(signInSessions.userId, actor.userId)),
      'signed_out',
    );
    if (ended.length === 0) throw notFound(message('errors.sessionExpired'));
    await audited(req, actor, 'signInSession.end', {
      id: actor.userId,
      label: actor.username,
      orgId: actor.orgId,
    });
    return { ended: ended.length };
  });

  route(app, SESSIONS_API.endOthers, async ({ actor, req }) => {
    const ended = await ends.end(sessionsOf.userExcept(actor.userId, currentOf(req)), 'signed_out');
    await audited(req, actor, 'signInSession.end_others', {
      id: actor.userId,
      label: actor.username,
      orgId: actor.orgId,
    });
    return { ended: ended.length };
  });

  route(app, SESSIONS_API.endUser, async ({ actor, params, req }) => {
    // Tenancy: an admin their organization's users, a super admin anyone's (404 otherwise).
    const [user] = await db
      .select({ id: users.id, orgId: users.orgId, email: users.email, username: users.username })
      .from(users)
      .where(and(eq(users.id, params.id), orgScope(actor, users.orgId)))
      .limit(1);
    if (!user) throw notFound();
    const ended = await ends.end(sessionsOf.user(user.id), 'signed_out_by_admin');
    await audited(
      req,
      actor,
      'signInSession.end_user',
      {
        id: user.id,
        label: user.email ?? user.username,
        orgId: user.orgId,
      },
      'user',
    );
    return { ended: ended.length };
  });
}
