import type { Role } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { type AppDeps } from '../app';
import { type Database } from '../db/client';
import { organizations } from '../db/schema';
export declare const TEST_PASSWORD = "correct horse battery";
/** A fresh database from the run's template: PGlite in memory, or a PostgreSQL database of its own. */
export declare function openTestDatabase(): Promise<{
    database: Database;
    drop: () => Promise<void>;
}>;
export interface TestContext {
    app: FastifyInstance;
    database: Database;
    dataDir: string;
    close(): Promise<void>;
}
/** The whole app on a fresh database, for `app.inject`. */
export declare function createTestContext(options?: Partial<Omit<AppDeps, 'config' | 'database'>> & {
    env?: Record<string, string>;
}): Promise<TestContext>;
export declare function createOrg(database: Database, values?: Partial<typeof organizations.$inferInsert>): Promise<{
    name: string;
    id: number;
    address: string | null;
    phone: string | null;
    website: string | null;
    email: string | null;
    expiry: string | null;
    hideRollAnimation: boolean;
    createdAt: Date;
    updatedAt: Date;
}>;
/** Staff get an email and the test password; players a username. */
export declare function createUser(database: Database, role: Role, organizationId: number): Promise<{
    role: "SUPER_ADMIN" | "ADMIN" | "FACILITATOR" | "PLAYER";
    id: number;
    email: string | null;
    createdAt: Date;
    updatedAt: Date;
    firstName: string;
    lastName: string;
    username: string | null;
    passwordHash: string | null;
    organizationId: number;
}>;
/** Signs a user in through the real endpoints and returns the bearer header and refresh cookie. */
export declare function signIn(app: FastifyInstance, user: {
    email: string | null;
    username: string | null;
}): Promise<{
    body: {
        accessToken: string;
    };
    headers: {
        authorization: string;
    };
    refreshCookie: string;
}>;
