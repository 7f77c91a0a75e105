import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, message } from '@playshop/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { auditRoutes } from './audit/routes';
import { auditService } from './audit/service';
import { registerAuditTrail } from './audit/trail';
import { type AuthRateLimits, authRoutes, DEFAULT_AUTH_RATE_LIMITS } from './auth/routes';
import { samlRoutes } from './auth/saml/routes';
import { samlService } from './auth/saml/service';
import { purgeExpiredSamlIds } from './auth/saml/store';
import { authService } from './auth/service';
import { sessionRoutes } from './auth/session-routes';
import { signInPolicy } from './auth/sign-in-policy';
import { ssoRoutes } from './auth/sso/routes';
import { ssoService } from './auth/sso/service';
import { twoFactorRoutes } from './auth/two-factor/routes';
import { twoFactorService } from './auth/two-factor/service';
import { brandingRoutes } from './branding/routes';
import { brandingService } from './branding/service';
import { categoryRoutes } from './categories/routes';
import { categoriesService } from './categories/service';
import type { Config } from './config';
import { contentRoutes } from './content/routes';
import { contentService } from './content/service';
import { dashboardRoutes } from './dashboard/routes';
import { dashboardService } from './dashboard/service';
import type { Database } from './db/client';
import { registerLiveGame } from './game/live-game';
import { registerApiDocs } from './http/api-docs';
import { errorBody, registerErrorHandler } from './http/errors';
import { scheduleHousekeeping } from './http/housekeeping';
import { logEachRequestOnce, loggerOptions, readableLogs } from './http/logging';
import {
  DEFAULT_LOGIN_THROTTLE,
  type LoginThrottle,
  memoryLoginThrottle,
  redisLoginThrottle,
  type ThrottlePolicy,
  withMemoryFallback,
} from './http/login-throttle';
import { lanAddresses } from './http/network-addresses';
import { registerProbes } from './http/probes';
import { redisStoreWithMemoryFallback } from './http/rate-limit-store';
import { trackRoutes } from './http/route-registry';
import { registerSecurityHeaders } from './http/security-headers';
import { insightsRoutes } from './insights/routes';
import { ltiRoutes } from './lti/routes';
import { scheduleScores } from './lti/scores';
import { ltiService } from './lti/service';
import { createMailer, type Mailer } from './mail/mailer';
import { downloadLinks } from './materials/download-links';
import { materialRoutes } from './materials/routes';
import { materialsService } from './materials/service';
import { registerMetrics } from './observability/metrics';
import { orgDataService } from './orgs/data';
import { orgDataRoutes } from './orgs/data-routes';
import { orgRoutes } from './orgs/routes';
import { orgsService } from './orgs/service';
import { printedCardsService } from './print/printed-cards';
import { printedCardRoutes } from './print/routes';
import { isRedisReady, watchRedis } from './redis';
import { retentionRoutes, scheduleRetention } from './retention/routes';
import { retentionService } from './retention/service';
import { type RoomActivitySource, roomActivityFromLog } from './rooms/room-activity';
import { roomRoutes } from './rooms/routes';
import { roomsService } from './rooms/service';
import { scimRoutes } from './scim/routes';
import { scimService, scimTokenService } from './scim/service';
import {
  type AccessTokenCheck,
  groupedAccessTokenCheck,
  registerAuthentication,
  staffOnly,
} from './sessions/authenticate';
import { purgeOldSessions, type SessionEnds, sessionEnds } from './sessions/sessions';
import { type AccessTokens, accessTokens } from './sessions/tokens';
import { settingsRoutes } from './settings/routes';
import { defaultPublicSettings, settingsService } from './settings/service';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { trainingRoutes } from './training/routes';
import { trainingService } from './training/service';
import { youtubeClient } from './training/youtube';
import { trustRoutes } from './trust/routes';
import { uploadRoutes } from './uploads/routes';
import { userRoutes } from './users/routes';
import { usersService } from './users/service';
import { workshopRoutes } from './workshops/routes';
import { workshopsService } from './workshops/service';
import { xapiDelivery } from './xapi/delivery';
import { lrsFetch } from './xapi/lrs-client';
import { xapiRoutes } from './xapi/routes';
import { lrsSecrets, xapiService } from './xapi/service';

/** Paths the server owns: never answered with the SPA. */
const SERVER_PATHS = ['/api', '/metrics', '/livez', '/readyz', '/health', '/ws'];

export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return SERVER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** How long an uploaded image may wait for the content form that names it to be saved. */
const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60_000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  /** Shared rate-limit counters across instances when REDIS_URL is set. */
  redis?: Redis;
  rateLimits?: Partial<AuthRateLimits>;
  /** The staff sign-in throttle per account and address (tests shorten it). */
  loginThrottle?: Partial<ThrottlePolicy>;
  accessTokenTtlSeconds?: number;
  /** The built SPA; served at / with index.html for client routes. */
  webDistDir?: string;
  logger?: boolean;
  /** Tests: where the log lines go (`{ stream }`), to read what was logged. */
  logStream?: { stream: { write(line: string): void } };
  /** Where uploaded files live; local disk under DATA_DIR/files by default (DESIGN §7). */
  storage?: Storage;
  /** How often xAPI statements due are looked for (tests that send them themselves set it long). */
  xapiDeliveryEveryMs?: number;
  /** How often LTI scores are queued and posted (lti/scores.ts); 0: never (tests drive the queue). */
  ltiScoreEveryMs?: number;
}

/** Fastify with the app's logging, zod schemas, error handler, route registry and metrics. */
async function createFastify(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // A newcomer's terminal reads as lines, one per request; tests and production keep JSON.
  const readable = config.env === 'development' && deps.logger !== false && !deps.logStream;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(readable ? readableLogs() : deps.logStream) },
    // Fastify's own two lines per request give way to logEachRequestOnce's one.
    ...(readable ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Material folder names (up to 120 characters) travel as path parameters; Fastify's default is 100.
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A failure while the database does not answer is the outage's 503 (http/db-errors.ts).
  registerErrorHandler(app, deps.database.db);
  if (readable) logEachRequestOnce(app);
  // Every route, for the authorization matrix test (apps/server/src/test/authz-matrix.ts).
  app.decorate('registeredRoutes', trackRoutes(app));
  // Before the routes, so each one's latency is recorded under its own path.
  if (config.metrics.enabled) await registerMetrics(app, { port: config.metrics.port, host: config.host });
  return app;
}

/** Mail as configured (SMTP, or the outbox folder), closed with the app unless the caller gave it. */
function mailerFor(app: FastifyInstance, deps: AppDeps): Mailer {
  const { config } = deps;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
      logText: config.env !== 'production',
    });
  app.addHook('onClose', async () => {
    if (!deps.mailer) mailer.close();
  });
  return mailer;
}

type RedisFallback = (err: unknown) => void;

/**
 * Every fixed window (per IP, per account: auth/routes.ts) counts in Redis when configured, and in
 * this instance's memory while Redis is out of reach, like the sign-in throttle.
 */
async function registerRateLimits(app: FastifyInstance, deps: AppDeps, fallingBack: RedisFallback) {
  const rateLimitRedis = deps.redis;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? {
          store: redisStoreWithMemoryFallback(
            rateLimitRedis,
            `${deps.config.redisPrefix}-rl:`,
            () => isRedisReady(rateLimitRedis),
            fallingBack,
          ),
        }
      : {}),
  });
}

/** Sign-in limits: in Redis when configured (shared by every instance), in memory while it is down. */
function loginThrottleFor(deps: AppDeps, redis: Redis | undefined, fallingBack: RedisFallback) {
  const throttlePolicy = { ...DEFAULT_LOGIN_THROTTLE, ...deps.loginThrottle };
  return redis
    ? withMemoryFallback(
        () => redis.status === 'ready',
        redisLoginThrottle(redis, deps.config.redisPrefix, throttlePolicy),
        memoryLoginThrottle(throttlePolicy),
        fallingBack,
      )
    : memoryLoginThrottle(throttlePolicy);
}

/** What /health reports; `redisHealthy` is false while a configured Redis does not answer. */
function healthStatusOf(database: Database, redis: Redis | undefined) {
  return async () => {
    let databaseUp = true;
    try {
      await database.db.execute('select 1');
    } catch {
      databaseUp = false;
    }
    const redisUp = redis ? isRedisReady(redis) : undefined;
    return {
      status: databaseUp && redisUp !== false ? ('ok' as const) : ('unavailable' as const),
      database: database.kind,
      ...(redis ? { redis: redisUp ? ('ok' as const) : ('unavailable' as const) } : {}),
    };
  };
}

/** The rooms' state from the event log; players now from the live rooms this instance owns. */
function roomActivityOf(db: Database['db'], livePlayers: () => LivePlayers): RoomActivitySource {
  const fromLog = roomActivityFromLog(db);
  return async (roomIds) => {
    const [activity, live] = await Promise.all([
      fromLog(roomIds),
      Promise.all(roomIds.map((roomId) => livePlayers()(roomId))),
    ]);
    roomIds.forEach((roomId, i) => {
      const players = live[i];
      const known = activity.get(roomId);
      if (players != null && known) activity.set(roomId, { ...known, players });
    });
    return activity;
  };
}

type LivePlayers = (roomId: number) => Promise<number | null>;

/** Client-side routes get the SPA (compressed); API and operator paths and non-GETs the JSON 404. */
async function serveWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // The SPA's files go compressed (brotli or gzip, as the browser asks): a phone on a slow network
    // downloads a third of the bytes. Registered here, after the API, so only the web files are.
    await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    // A Prometheus scrape of a server without METRICS_ENABLED must fail, not parse the SPA's HTML.
    if (!isServerPath(req.url) && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(message('errors.notFound'), 'NOT_FOUND'));
  });
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = await createFastify(deps);
  const mailer = mailerFor(app, deps);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  const fallingBack: RedisFallback = (err) =>
    app.log.warn(
      { err: { message: (err as Error).message } },
      'Redis unavailable: rate limits kept in memory',
    );
  await registerRateLimits(app, deps, fallingBack);
  const tokens = accessTokens(config.jwtSecret, deps.accessTokenTtlSeconds);
  // One check for REST and the game socket: a crowd's connects and requests share its reads.
  const checkToken = groupedAccessTokenCheck(database.db);
  // Where sessions end, kept in step across instances over Redis (sessions/sessions.ts).
  const ends = await sessionEnds({
    db: database.db,
    redis: deps.redis,
    prefix: config.redisPrefix,
    log: app.log,
  });
  app.addHook('onClose', () => ends.close());
  await registerApiDocs(app, config.apiDocs, () => staffOnly(tokens, checkToken));
  const storage = deps.storage ?? (await createStorage(config, app.log));
  const redis = deps.redis ? watchRedis(deps.redis, app.log) : undefined;
  app.decorate('healthStatus', healthStatusOf(database, redis));
  // Late-bound: the live rooms are built after the API routes (below).
  let livePlayers: LivePlayers = async () => null;
  const api = await registerApi(app, {
    deps,
    mailer,
    storage,
    tokens,
    checkToken,
    ends,
    loginThrottle: loginThrottleFor(deps, redis, fallingBack),
    roomActivity: roomActivityOf(database.db, () => livePlayers),
  });

  const probes = registerProbes(app, {
    database,
    redis: deps.redis,
    s3Storage: config.s3 ? storage : undefined,
  });
  app.decorate('startDraining', probes.startDraining);

  const gameRooms = await registerLiveGame(app, {
    config,
    database,
    redis: deps.redis,
    content: api.content,
    rooms: api.rooms,
    tokens,
    checkToken,
    ends,
  });
  livePlayers = gameRooms.playerCount;
  trustRoutes(app, config);
  await serveWeb(app, deps.webDistDir);
  return app;
}

interface ApiDeps {
  deps: AppDeps;
  mailer: Mailer;
  storage: Storage;
  tokens: AccessTokens;
  checkToken: AccessTokenCheck;
  ends: SessionEnds;
  loginThrottle: LoginThrottle;
  roomActivity: RoomActivitySource;
}

/** The services more than one route family (or the live game) uses, and their housekeeping. */
function sharedServices(app: FastifyInstance, { deps, mailer, storage, tokens, ends }: ApiDeps) {
  const { config, database } = deps;
  const db = database.db;
  const saml = samlService({
    db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    log: app.log,
    ends,
    allowPrivateIssuers: config.ssoAllowPrivateIssuers,
  });
  const sso = ssoService({
    db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    log: app.log,
    allowPrivateIssuers: config.ssoAllowPrivateIssuers,
    saml,
  });
  const twoFactor = twoFactorService({ db, serverSecret: config.jwtSecret });
  const branding = brandingService(db, storage);
  const auth = authService({
    db,
    refreshSecret: config.jwtSecret,
    tokens,
    mailer,
    brandOf: branding.forPrint,
    publicUrl: config.publicUrl,
    log: app.log,
    signInPolicy: signInPolicy(sso, twoFactor),
    ends,
  });
  scheduleHousekeeping(app, 'old sign-in sessions', () => purgeOldSessions(db), { shared: database });
  const content = contentService(db, storage);
  const audit = auditService(db);
  // Entries older than AUDIT_RETENTION_DAYS go (the one delete the append-only trigger allows).
  scheduleHousekeeping(app, 'old audit log entries', () => audit.purge(config.auditRetentionDays), {
    shared: database,
  });
  scheduleHousekeeping(app, 'expired SAML message ids', () => purgeExpiredSamlIds(db), { shared: database });
  const rooms = roomsService(db, content, ends);
  // Images uploaded in a content form that was never saved go a day later (one instance at a time).
  scheduleHousekeeping(
    app,
    'unused content images',
    () => content.sweepUnusedImages(new Date(Date.now() - UNUSED_IMAGE_TTL_MS)),
    { shared: database },
  );
  return { sso, saml, twoFactor, branding, auth, content, audit, rooms };
}

/** Every /api/v1 route; returns the services the live game also uses. */
async function registerApi(app: FastifyInstance, api: ApiDeps) {
  const { deps, storage, tokens, checkToken, ends } = api;
  const { config, database } = deps;
  const db = database.db;
  const { sso, saml, twoFactor, branding, auth, content, audit, rooms } = sharedServices(app, api);
  const retention = retentionService(db, { auditCeilingDays: config.auditRetentionDays, log: app.log });
  scheduleRetention(app, retention, audit, database);
  const secureCookies = config.publicUrl.startsWith('https:');
  const youtube = youtubeClient({
    apiUrl: config.youtubeApiUrl,
    apiKey: config.youtubeApiKey,
    log: app.log,
  });
  const training = trainingService(db, youtube);
  const xapi = xapiParts(app, deps, training);
  const lti = ltiService({
    db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    log: app.log,
    allowPrivate: config.ssoAllowPrivateIssuers,
  });
  scheduleScores(app, lti.scores, database, deps.ltiScoreEveryMs);
  scheduleHousekeeping(app, 'expired LTI login states', lti.purgeStates, { shared: database });
  await app.register(
    async (r) => {
      registerAuthentication(r, tokens, checkToken);
      registerAuditTrail(r, audit, db);
      // Public routes show no lock in the API docs.
      r.addHook('onRoute', (route) => {
        if (route.config?.public) route.schema = { ...route.schema, security: [] };
      });
      authRoutes(
        r,
        auth,
        { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.rateLimits },
        api.loginThrottle,
        secureCookies,
      );
      auditRoutes(r, audit);
      ssoRoutes(r, sso, auth, secureCookies);
      samlRoutes(r, { saml, auth, audit, secureCookies, publicUrl: config.publicUrl });
      twoFactorRoutes(r, twoFactor, auth, secureCookies);
      orgRoutes(r, orgsService(db, ends));
      orgDataRoutes(r, orgDataService(db, storage, audit, ends));
      retentionRoutes(r, retention);
      const scimTokens = scimTokenService(db, config.publicUrl);
      scimRoutes(r, { tokens: scimTokens, scim: scimService(db, ends, scimTokens.baseUrl), audit, db });
      ltiRoutes(r, { lti, auth, audit, secureCookies });
      brandingRoutes(r, branding, storage);
      roomRoutes(r, rooms, {
        publicUrl: config.publicUrlSet ? config.publicUrl : null,
        networkAddresses: lanAddresses,
      });
      printedCardRoutes(r, printedCardsService(db, { brand: (orgId) => branding.forPrint(orgId) }));
      dashboardRoutes(r, dashboardService(db, api.roomActivity));
      insightsRoutes(r, db, database.url);
      settingsRoutes(r, settingsService(db, defaultPublicSettings(config.publicUrl, config.adminEmail)));
      userRoutes(r, usersService(db, ends));
      sessionRoutes(r, db, ends, audit);
      categoryRoutes(r, categoriesService(db));
      contentRoutes(r, content);
      workshopRoutes(r, workshopsService(db, content));
      uploadRoutes(r, storage, path.join(config.dataDir, 'uploads-in-progress'));
      materialRoutes(
        r,
        materialsService({ db, storage, links: downloadLinks({ secret: config.jwtSecret }), log: app.log }),
        path.join(config.dataDir, 'material-uploads-in-progress'),
      );
      trainingRoutes(r, training);
      xapiRoutes(r, { ...xapi, database, everyMs: deps.xapiDeliveryEveryMs });
    },
    { prefix: API_PREFIX },
  );
  return { content, rooms };
}

/** xAPI statements (issue 47): the settings, the test button and the delivery to each organization's LRS. */
function xapiParts(app: FastifyInstance, deps: AppDeps, training: ReturnType<typeof trainingService>) {
  const { config, database } = deps;
  const send = lrsFetch(config.ssoAllowPrivateIssuers);
  const xapi = xapiService({
    db: database.db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    allowPrivate: config.ssoAllowPrivateIssuers,
    send,
    training,
  });
  const delivery = xapiDelivery({
    db: database.db,
    secrets: lrsSecrets(config.jwtSecret),
    send,
    log: app.log,
  });
  app.decorate('xapiDelivery', delivery);
  return { xapi, delivery };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The xAPI delivery (tests run it themselves rather than wait for its timer). */
    xapiDelivery: import('./xapi/delivery').XapiDelivery;
    /** /readyz answers 503 from now on (SIGTERM), while requests and sockets are still served. */
    startDraining(): void;
    /** Database and Redis readiness, as /health reports it. */
    healthStatus(): Promise<{ status: 'ok' | 'unavailable'; database: string; redis?: 'ok' | 'unavailable' }>;
  }
}
