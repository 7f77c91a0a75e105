import {
  can,
  canPickAnyOrganization,
  inScope,
  type Message,
  message,
  type Permission,
  type Role,
} from '@playshop/shared';
import { and, type Column, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { organizations, orgWorkshops, rooms } from '../db/schema';
import { forbidden, notFound, unauthorized } from './errors';

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

/*
 * Tenancy: the scoped accessors, one per organization-owned table, that every service reads through.
 * Another organization's row is not found (404, the same as a missing id), never forbidden: its id
 * reveals nothing. The rule itself is shared `inScope`; nothing else compares organization ids.
 */

/**
 * Tenancy (shared `inScope`) as a WHERE on an organization column, the way every service applies it:
 * with `orgId`, that organization (404 when it is not the actor's to act on); without, every
 * organization the actor may act on (a super admin all, everyone else their own). Another tenant's
 * rows are then simply not found: a 404, so their ids reveal nothing.
 */
export function orgScope(
  actor: Pick<Actor, 'role' | 'orgId'>,
  column: Column,
  orgId?: number,
  notFoundMessage: Message = message('errors.organizationNotFound'),
): SQL | undefined {
  if (orgId !== undefined) {
    if (!inScope(actor, orgId)) throw notFound(notFoundMessage);
    return eq(column, orgId);
  }
  return canPickAnyOrganization(actor.role) ? undefined : eq(column, actor.orgId);
}

/** The organization `where` picks, when the actor may act on it; 404 otherwise, as for a missing one. */
export async function orgInScope(db: Db, actor: Pick<Actor, 'role' | 'orgId'>, where: SQL) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(where, orgScope(actor, organizations.id)))
    .limit(1);
  if (!org) throw notFound(message('errors.organizationNotFound'));
  return org;
}

/** The organization `orgId`, when the actor may act on it (their own, any for a super admin); 404 otherwise. */
export const orgInScopeById = (db: Db, actor: Pick<Actor, 'role' | 'orgId'>, orgId: number) =>
  orgInScope(db, actor, eq(organizations.id, orgId));

/**
 * The organization a new row of the actor's goes into: `orgId` when named and the actor may act on
 * it, their own otherwise; another tenant's (or a missing one) is not found (404).
 */
export async function orgForWrite(
  db: Db,
  actor: Pick<Actor, 'role' | 'orgId'>,
  orgId?: number,
): Promise<number> {
  return (await orgInScopeById(db, actor, orgId ?? actor.orgId)).id;
}

/** The room, if the actor's organization owns it (any room for a super admin); 404 otherwise. */
export async function roomInScope(db: Db, actor: Pick<Actor, 'role' | 'orgId'>, roomId: number) {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), orgScope(actor, rooms.orgId)))
    .limit(1);
  if (!room) throw notFound(message('errors.roomNotFound'));
  return room;
}

/**
 * Tenancy of the catalogue (SPEC §6) as a WHERE on a workshop id column: a workshop is the actor's
 * when it is linked to their organization (a super admin's are all). Content and sessions follow it.
 */
export function workshopInScope(
  db: Db,
  actor: Pick<Actor, 'role' | 'orgId'>,
  workshopId: Column,
): SQL | undefined {
  const linked = orgScope(actor, orgWorkshops.orgId);
  if (!linked) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(orgWorkshops)
      .where(and(eq(orgWorkshops.workshopId, workshopId), linked)),
  );
}
