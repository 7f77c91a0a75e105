import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import type { AuthRateLimits } from '../auth/routes';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import {
  organizations,
  passwordResetTokens,
  rooms,
  sessionContent,
  sessions,
  users,
  workshops,
} from '../db/schema';
import { newOpaqueToken } from '../sessions/tokens';
import { localDiskStorage } from '../storage/local-disk-storage';
import type { Storage } from '../storage/storage';
import { withDatabase } from './global-setup';

export const TEST_PASSWORD = 'correct horse battery';
/** The address the sign-in tests' server says it is at (PUBLIC_URL): redirect URIs and entity ids are built on it. */
export const PUBLIC_URL = 'http://playshop.test:8080';
let passwordHash: Promise<string> | undefined;

/** Creates a PostgreSQL database from the run's template (2–4 s in CI: most of a file's set-up). */
async function createPostgresDatabase(url: string): Promise<string> {
  const name = `playshop_t_${inject('testDatabaseTag')}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * The next database, made while the current file runs: server-pg's files run one after another in
 * one fork that keeps this module (vitest.config.ts), so a file takes the database made during the
 * file before it instead of waiting for its own. The one made after the last file is dropped by the
 * run's teardown (test/global-setup.ts), as is any a file left open.
 */
let nextPostgres: Promise<string> | undefined;

function takePostgresDatabase(url: string): Promise<string> {
  const taken = nextPostgres ?? createPostgresDatabase(url);
  nextPostgres = createPostgresDatabase(url);
  nextPostgres.catch(() => undefined); // a failure is thrown to the file that takes it
  return taken;
}

/** A fresh database from the run's template: PGlite in memory, or a PostgreSQL database of its own. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbKind') === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = await takePostgresDatabase(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Which file opened it, for the run's teardown to name if the file never drops it.
    const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
    await admin.query(`comment on database ${name} is ${admin.escapeLiteral(file)}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 4 });
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { database, drop: async () => {} };
}

/**
 * Runs every step in order even when one throws, so a failed close leaves no database behind; then
 * throws the first error.
 */
async function eachInTurn(steps: (() => Promise<unknown>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) await step().catch((err: unknown) => errors.push(err));
  if (errors.length > 0) throw errors[0];
}

/**
 * A fresh database for the file, without the app (see openTestDatabase). Registers its own `beforeAll`
 * and `afterAll` and returns a getter: call it inside tests and hooks. Call this before the file's own
 * hooks: its `beforeAll` runs first, and vitest runs `afterAll` hooks last-registered first, so the
 * file's own clean-up (apps, sockets) runs before the database closes.
 */
export function useTestDatabase(): () => Database {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    if (!opened) return;
    await eachInTurn([opened.database.close, opened.drop]);
  });
  return () => {
    if (!opened)
      throw new Error('useTestDatabase: the database opens in beforeAll; read it inside tests and hooks');
    return opened.database;
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** The app's file store (local disk under dataDir/files unless the test gave one). */
  storage: Storage;
  close(): Promise<void>;
}

/** The whole app on a fresh database, for `app.inject`. */
export async function createTestContext(
  options: Partial<Omit<AppDeps, 'config' | 'database'>> & { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const storage = options.storage ?? localDiskStorage(path.join(dataDir, 'files'));
  const release = (app?: FastifyInstance) =>
    eachInTurn([
      async () => app?.close(),
      database.close,
      drop,
      () => rm(dataDir, { recursive: true, force: true }),
    ]);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logger: false, ...options, storage });
    await app.ready();
  } catch (error) {
    await release();
    throw error;
  }
  return { app, database, dataDir, storage, close: () => release(app) };
}

type OrgValues = Partial<typeof organizations.$inferInsert>;
export type TestOrg = Awaited<ReturnType<typeof createOrg>>;

/** `rateLimits` for createTestContext: each named limit lets `max` calls through a minute. */
export function perMinute(limits: Partial<Record<keyof AuthRateLimits, number>>): Partial<AuthRateLimits> {
  return Object.fromEntries(
    Object.entries(limits).map(([name, max]) => [name, { max, timeWindow: 60_000 }]),
  ) as Partial<AuthRateLimits>;
}

/** Runs `use` against an app of its own (other limits or settings), closed however `use` ends. */
export async function withTestContext<T>(
  options: Parameters<typeof createTestContext>[0],
  use: (ctx: TestContext) => Promise<T>,
): Promise<T> {
  const ctx = await createTestContext(options);
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

let orgCounter = 0;
export async function createOrg(database: Database, values: OrgValues = {}) {
  orgCounter += 1;
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `Org ${orgCounter} ${randomUUID().slice(0, 6)}`, ...values })
    .returning();
  return org!;
}

let userCounter = 0;
/** Staff get an email and the test password; players a username. */
export async function createUser(database: Database, role: Role, organizationId: number) {
  userCounter += 1;
  const tag = `${userCounter}-${randomUUID().slice(0, 6)}`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await database.db
    .insert(users)
    .values(
      role === 'PLAYER'
        ? {
            firstName: 'Pat',
            lastName: `Player ${tag}`,
            username: `player-${tag}`,
            role,
            orgId: organizationId,
          }
        : {
            firstName: 'Sam',
            lastName: `Staff ${tag}`,
            email: `staff-${tag}@example.com`,
            passwordHash: await passwordHash,
            role,
            orgId: organizationId,
          },
    )
    .returning();
  return user!;
}

/**
 * A workshop named `name` with these sessions in this order, each with its content (ids) in order:
 * the workshop's row and the sessions' rows.
 */
export async function createWorkshop(
  db: Database['db'],
  name: string,
  sessionsOf: { name: string; contentIds: number[] }[],
) {
  const [workshop] = await db.insert(workshops).values({ name }).returning();
  return { workshop: workshop!, sessions: await addSessions(db, workshop!.id, sessionsOf) };
}

/**
 * Sessions of a workshop that has none yet, in this order, each with its content (ids) in order:
 * the sessions' rows.
 */
export async function addSessions(
  db: Database['db'],
  workshopId: number,
  sessionsOf: { name: string; contentIds: number[] }[],
) {
  const rows = await db
    .insert(sessions)
    .values(sessionsOf.map((s, orderIndex) => ({ workshopId, name: s.name, orderIndex })))
    .returning();
  const items = sessionsOf.flatMap((s, i) =>
    s.contentIds.map((contentId, orderIndex) => ({ sessionId: rows[i]!.id, contentId, orderIndex })),
  );
  if (items.length > 0) await db.insert(sessionContent).values(items);
  return rows;
}

/** A room of `orgId` with a workshop of its own (no sessions): the room's row. */
export async function createRoom(
  database: Database,
  orgId: number,
  name = 'Room',
  workshopName = 'Workshop',
) {
  const [workshop] = await database.db.insert(workshops).values({ name: workshopName }).returning();
  const [room] = await database.db
    .insert(rooms)
    .values({ name, orgId, workshopId: workshop!.id })
    .returning();
  return room!;
}

/**
 * A room of a new organization, on a workshop of its own, and a facilitator and `players` players of
 * that organization (see createOrg and createUser). For the game's tests below the HTTP layer.
 */
export async function createRoomWithPeople(database: Database, players: number) {
  const org = await createOrg(database);
  const tag = randomUUID().slice(0, 6);
  const [workshop] = await database.db
    .insert(workshops)
    .values({ name: `Workshop ${org.id} ${tag}` })
    .returning();
  const [room] = await database.db
    .insert(rooms)
    .values({ name: `Room ${tag}`, orgId: org.id, workshopId: workshop!.id })
    .returning();
  return {
    org,
    roomId: room!.id,
    staff: await createUser(database, 'FACILITATOR', org.id),
    players: await Promise.all(Array.from({ length: players }, () => createUser(database, 'PLAYER', org.id))),
  };
}

/** Signs a user in through the real endpoints and returns the bearer header and refresh cookie. */
export async function signIn(
  app: FastifyInstance,
  user: { email: string | null; username: string | null; orgId?: number },
) {
  const res = user.email
    ? await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      })
    : await app.inject({
        method: 'POST',
        url: '/api/v1/participantLogin',
        payload: { username: user.username, orgId: user.orgId },
      });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string };
  const cookie = res.cookies.find((c) => c.name === 'playshop_refresh')!;
  return {
    body,
    headers: { authorization: `Bearer ${body.accessToken}` },
    refreshCookie: cookie.value,
  };
}

/** Signs in a new user of `role` in `organizationId` (see createUser and signIn): the session and the user. */
export async function signInNewUser(
  ctx: Pick<TestContext, 'app' | 'database'>,
  role: Role,
  organizationId: number,
) {
  const user = await createUser(ctx.database, role, organizationId);
  return { user, ...(await signIn(ctx.app, user)) };
}

/** Bearer headers of one signed-in user per role of an organization, plus an admin of another. */
export type RoleHeaders = Record<Role | 'OTHER_ADMIN', Record<string, string>>;

/** Signs in a new user of each role of `orgId`, and an admin of `otherOrgId` as OTHER_ADMIN. */
export async function signInEveryRole(
  ctx: TestContext,
  orgId: number,
  otherOrgId: number,
): Promise<RoleHeaders> {
  const as: Partial<RoleHeaders> = {};
  for (const role of ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR', 'PLAYER'] as const) {
    as[role] = (await signInNewUser(ctx, role, orgId)).headers;
  }
  as.OTHER_ADMIN = (await signInNewUser(ctx, 'ADMIN', otherOrgId)).headers;
  return as as RoleHeaders;
}

/**
 * `call(method, '/path', who?, payload?)`: one /api/v1 request as `who`, or without a token. Takes
 * getters because suites build their context and sign in inside `beforeAll`.
 */
export function apiCaller(ctx: () => TestContext, as: () => RoleHeaders) {
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: keyof RoleHeaders,
    payload?: unknown,
  ) =>
    ctx().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? as()[who] : {},
      payload: payload as object,
    });
}

/**
 * `call(method, '/path', headers?, payload?)`: one /api/v1 request with the caller's own headers (none:
 * no token), for suites that sign people in themselves. Takes a getter, as `apiCaller` does.
 */
export function headersCaller(ctx: () => TestContext) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx().app.inject({ method, url: `/api/v1${url}`, headers, payload });
}

/** What `twoOrgSuite` sets up: filled in by its `beforeAll`, so read the fields inside tests and hooks. */
export interface TwoOrgSuite {
  ctx: TestContext;
  /** The callers' organization. */
  org: TestOrg;
  /** Another tenant, with OTHER_ADMIN in it. */
  other: TestOrg;
  as: RoleHeaders;
  /** `call(method, '/path', who?, payload?)` as in `apiCaller`. */
  call: ReturnType<typeof apiCaller>;
}

/**
 * The usual suite: the app on a fresh database, two organizations and a signed-in user of each role
 * (`signInEveryRole`). Registers its own `beforeAll` and `afterAll`; a suite's further setup goes in a
 * `beforeAll` after this call.
 */
export function twoOrgSuite(orgValues: OrgValues, otherValues: OrgValues): TwoOrgSuite {
  const suite = {} as TwoOrgSuite;
  suite.call = apiCaller(
    () => suite.ctx,
    () => suite.as,
  );
  beforeAll(async () => {
    suite.ctx = await createTestContext();
    suite.org = await createOrg(suite.ctx.database, orgValues);
    suite.other = await createOrg(suite.ctx.database, otherValues);
    suite.as = await signInEveryRole(suite.ctx, suite.org.id, suite.other.id);
  });
  afterAll(() => suite.ctx.close());
  return suite;
}

/** A password-reset token of `userId`, good for a minute: the raw value the emailed link carries. */
export async function newResetToken(database: Database, userId: number): Promise<string> {
  const token = newOpaqueToken();
  await database.db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: token.hash, expiresAt: new Date(Date.now() + 60_000) });
  return token.raw;
}
