import type { Role } from '@playshop/shared';
import type { FastifyRequest } from 'fastify';
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
export declare function requireActor(req: FastifyRequest): Actor;
/** The caller when their role is one of `roles`, otherwise 403. */
export declare function requireRole(req: FastifyRequest, roles: readonly Role[]): Actor;
export declare const isSuperAdmin: (actor: Actor) => boolean;
/**
 * The organization an actor may act on: a super admin any, everyone else only their own.
 * Another organization's resource answers 404, so ids of other tenants reveal nothing.
 */
export declare function assertOrgScope(actor: Actor, orgId: number, notFoundMessage?: string): void;
