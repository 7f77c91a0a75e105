import { can, type Permission, type Role } from '@playshop/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors';

/** Who is calling: read from the verified access token, never from the payload. */
export interface Actor {
  userId: number;
  role: Role;
  orgId: number;
  orgName: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token (the six auth paths and the footer settings). */
    public?: boolean;
    /** Reachable by users of an expired organization (the expiry check itself, so the UI can tell). */
    allowExpiredOrg?: boolean;
  }
}

/** The caller, or 401. Every non-public route has one already; this narrows the type. */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** The caller when their role has `permission` (shared `PERMISSIONS`), otherwise 403. */
export function requirePermission(req: FastifyRequest, permission: Permission): Actor {
  const actor = requireActor(req);
  if (!can(actor.role, permission)) throw forbidden();
  return actor;
}

export const isSuperAdmin = (actor: Actor): boolean => actor.role === 'SUPER_ADMIN';

/** Whether the organization is one the actor may act on: a super admin any, everyone else their own. */
export const inOrgScope = (actor: Pick<Actor, 'role' | 'orgId'>, orgId: number): boolean =>
  actor.role === 'SUPER_ADMIN' || actor.orgId === orgId;

/**
 * The organization an actor may act on: a super admin any, everyone else only their own.
 * Another organization's resource answers 404, so ids of other tenants reveal nothing.
 */
export function assertOrgScope(actor: Actor, orgId: number, notFoundMessage = 'Not found'): void {
  if (inOrgScope(actor, orgId)) return;
  throw new AppError('NOT_FOUND', 404, notFoundMessage);
}
