import { randomInt as cryptoRandomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, message, type ServerMessage } from '@playshop/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { auditRoutes } from './audit/routes';
import { auditService } from './audit/service';
import { registerAuditTrail } from './audit/trail';
import { type AuthRateLimits, authRoutes, DEFAULT_AUTH_RATE_LIMITS } from './auth/routes';
import { authService } from './auth/service';
import { signInPolicy } from './auth/sign-in-policy';
import { ssoRoutes } from './auth/sso/routes';
import { ssoService } from './auth/sso/service';
import { accessTokens } from './auth/tokens';
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
import { localBus, redisBus } from './game/bus';
import { createRoomDirectory } from './game/directory';
import { createHub } from './game/hub';
import { createJournal } from './game/journal';
import { localOwnership, postgresOwnership, redisOwnership } from './game/ownership';
import { resumeTickets } from './game/resume';
import { registerGameSocket } from './game/socket';
import { groupedAccessTokenCheck, registerAuthentication, staffOnly } from './http/authenticate';
import { errorBody, registerErrorHandler } from './http/errors';
import { scheduleHousekeeping } from './http/housekeeping';
import { logEachRequestOnce, loggerOptions, readableLogs } from './http/logging';
import {
  DEFAULT_LOGIN_THROTTLE,
  memoryLoginThrottle,
  redisLoginThrottle,
  type ThrottlePolicy,
  withMemoryFallback,
} from './http/login-throttle';
import { lanAddresses } from './http/network-addresses';
import { registerProbes } from './http/probes';
import { redisStoreWithMemoryFallback } from './http/rate-limit-store';
import { trackRoutes } from './http/route-registry';
import { insightsRoutes } from './insights/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { downloadLinks } from './materials/download-links';
import { materialRoutes } from './materials/routes';
import { materialsService } from './materials/service';
import {
  collectRooms,
  countSlowSocketClose,
  observeEventAppend,
  registerMetrics,
} from './observability/metrics';
import { orgDataService } from './orgs/data';
import { orgDataRoutes } from './orgs/data-routes';
import { orgRoutes } from './orgs/routes';
import { orgsService } from './orgs/service';
import { printedCardsService } from './print/printed-cards';
import { printedCardRoutes } from './print/routes';
import { isRedisReady, watchRedis } from './redis';
import { type RoomActivitySource, roomActivityFromLog } from './rooms/room-activity';
import { roomRoutes } from './rooms/routes';
import { roomsService } from './rooms/service';
import { settingsRoutes } from './settings/routes';
import { defaultPublicSettings, settingsService } from './settings/service';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { trainingRoutes } from './training/routes';
import { trainingService } from './training/service';
import { youtubeClient } from './training/youtube';
import { uploadRoutes } from './uploads/routes';
import { userRoutes } from './users/routes';
import { usersService } from './users/service';
import { workshopRoutes } from './workshops/routes';
import { workshopsService } from './workshops/service';

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
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
/** A potentially trustworthy origin (Secure Contexts): https, or plain http on this machine's own names. */
function trustworthyOrigin(protocol: string, hostname: string): boolean {
  return protocol === 'https' || /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(hostname);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
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
  registerErrorHandler(app);
  if (readable) logEachRequestOnce(app);
  // Every route, for the authorization matrix test (apps/server/src/test/authz-matrix.ts).
  app.decorate('registeredRoutes', trackRoutes(app));
  // Before the routes, so each one's latency is recorded under its own path.
  if (config.metrics.enabled) await registerMetrics(app, { port: config.metrics.port, host: config.host });

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

  // Helmet's middleware built once: @fastify/helmet builds it again (CSP parsed and all) on every
  // request, a WebSocket upgrade included (bench:ws allocation profile, docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => {
      // A browser ignores Cross-Origin-Opener-Policy on an untrustworthy origin (plain http at a
      // network address: phones on a laptop's `npm start`) and logs a console error on every page.
      if (!trustworthyOrigin(req.protocol, req.hostname))
        reply.raw.removeHeader('Cross-Origin-Opener-Policy');
      done(err as Error | undefined);
    }),
  );
  await app.register(fastifyCookie);
  const fallingBack = (err: unknown) =>
    app.log.warn(
      { err: { message: (err as Error).message } },
      'Redis unavailable: rate limits kept in memory',
    );
  // Every fixed window (per IP, per account: auth/routes.ts) counts in Redis when configured, and in
  // this instance's memory while Redis is out of reach, like the sign-in throttle below.
  const rateLimitRedis = deps.redis;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? {
          store: redisStoreWithMemoryFallback(
            rateLimitRedis,
            `${config.redisPrefix}-rl:`,
            () => isRedisReady(rateLimitRedis),
            fallingBack,
          ),
        }
      : {}),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Playshop API',
        version: '1.0.0',
        description:
          'Every path but the auth paths and /public-settings needs `Authorization: Bearer <accessToken>`. ' +
          'Errors are `{message, code}`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const tokens = accessTokens(config.jwtSecret, deps.accessTokenTtlSeconds);
  // One check for REST and the game socket: a crowd's connects and requests share its reads.
  const checkToken = groupedAccessTokenCheck(database.db);
  // API_DOCS: the description maps every route and field, so production shows it to staff alone.
  if (config.apiDocs !== 'off')
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      ...(config.apiDocs === 'staff' ? { uiHooks: { onRequest: staffOnly(tokens, checkToken) } } : {}),
    });
  const storage = deps.storage ?? (await createStorage(config, app.log));
  const sso = ssoService({
    db: database.db,
    serverSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const twoFactor = twoFactorService({ db: database.db, serverSecret: config.jwtSecret });
  const branding = brandingService(database.db, storage);
  const services = {
    auth: authService({
      db: database.db,
      refreshSecret: config.jwtSecret,
      tokens,
      mailer,
      brandOf: branding.forPrint,
      publicUrl: config.publicUrl,
      log: app.log,
      signInPolicy: signInPolicy(sso, twoFactor),
    }),
    orgs: orgsService(database.db),
    users: usersService(database.db),
    categories: categoriesService(database.db),
    settings: settingsService(database.db, defaultPublicSettings(config.publicUrl, config.adminEmail)),
    content: contentService(database.db, storage),
  };
  const audit = auditService(database.db);
  // Entries older than AUDIT_RETENTION_DAYS go (the one delete the append-only trigger allows).
  scheduleHousekeeping(app, 'old audit log entries', () => audit.purge(config.auditRetentionDays), {
    shared: database,
  });
  const workshopsSvc = workshopsService(database.db, services.content);
  const roomsSvc = roomsService(database.db, services.content);
  // Images uploaded in a content form that was never saved go a day later (one instance at a time).
  scheduleHousekeeping(
    app,
    'unused content images',
    () => services.content.sweepUnusedImages(new Date(Date.now() - UNUSED_IMAGE_TTL_MS)),
    { shared: database },
  );

  // Sign-in limits: in Redis when configured (shared by every instance), in memory while it is down.
  const throttlePolicy = { ...DEFAULT_LOGIN_THROTTLE, ...deps.loginThrottle };
  const redis = deps.redis ? watchRedis(deps.redis, app.log) : undefined;
  /** What /health reports; `redisHealthy` is false while a configured Redis does not answer. */
  const healthStatus = async () => {
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
  app.decorate('healthStatus', healthStatus);
  const loginThrottle = redis
    ? withMemoryFallback(
        () => redis.status === 'ready',
        redisLoginThrottle(redis, config.redisPrefix, throttlePolicy),
        memoryLoginThrottle(throttlePolicy),
        fallingBack,
      )
    : memoryLoginThrottle(throttlePolicy);

  // Late-bound: the live rooms are built after the API routes (below).
  let livePlayers: (roomId: number) => Promise<number | null> = async () => null;
  const fromLog = roomActivityFromLog(database.db);
  const roomActivity: RoomActivitySource = async (roomIds) => {
    const [activity, live] = await Promise.all([
      fromLog(roomIds),
      Promise.all(roomIds.map((roomId) => livePlayers(roomId))),
    ]);
    roomIds.forEach((roomId, i) => {
      const players = live[i];
      const known = activity.get(roomId);
      if (players != null && known) activity.set(roomId, { ...known, players });
    });
    return activity;
  };
  await app.register(
    async (api) => {
      registerAuthentication(api, tokens, checkToken);
      registerAuditTrail(api, audit, database.db);
      // Public routes show no lock in the API docs.
      api.addHook('onRoute', (route) => {
        if (route.config?.public) route.schema = { ...route.schema, security: [] };
      });
      authRoutes(
        api,
        services.auth,
        { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.rateLimits },
        loginThrottle,
        config.publicUrl.startsWith('https:'),
      );
      auditRoutes(api, audit);
      ssoRoutes(api, sso, services.auth, config.publicUrl.startsWith('https:'));
      twoFactorRoutes(api, twoFactor, services.auth, config.publicUrl.startsWith('https:'));
      orgRoutes(api, services.orgs);
      orgDataRoutes(api, orgDataService(database.db, storage, audit));
      brandingRoutes(api, branding, storage);
      roomRoutes(api, roomsSvc, {
        publicUrl: config.publicUrlSet ? config.publicUrl : null,
        networkAddresses: lanAddresses,
      });
      printedCardRoutes(
        api,
        printedCardsService(database.db, { brand: (orgId) => branding.forPrint(orgId) }),
      );
      // The rooms' state from the event log; players now from the live rooms this instance owns.
      dashboardRoutes(api, dashboardService(database.db, roomActivity));
      insightsRoutes(api, database.db);
      settingsRoutes(api, services.settings);
      userRoutes(api, services.users);
      categoryRoutes(api, services.categories);
      contentRoutes(api, services.content);
      workshopRoutes(api, workshopsSvc);
      uploadRoutes(api, storage, path.join(config.dataDir, 'uploads-in-progress'));
      materialRoutes(
        api,
        materialsService({
          db: database.db,
          storage,
          links: downloadLinks({ secret: config.jwtSecret }),
          log: app.log,
        }),
        path.join(config.dataDir, 'material-uploads-in-progress'),
      );
      trainingRoutes(
        api,
        trainingService(
          database.db,
          youtubeClient({ apiUrl: config.youtubeApiUrl, apiKey: config.youtubeApiKey, log: app.log }),
        ),
      );
    },
    { prefix: API_PREFIX },
  );

  const probes = registerProbes(app, {
    database,
    redis: deps.redis,
    s3Storage: config.s3 ? storage : undefined,
  });
  app.decorate('startDraining', probes.startDraining);

  // The live game: one writer per room (its owner instance), the event log, the bus, /ws.
  const redisSubscriber = deps.redis
    ? watchRedis(deps.redis.duplicate(), app.log, 'Redis subscriber')
    : undefined;
  const bus =
    deps.redis && redisSubscriber
      ? redisBus(deps.redis, redisSubscriber, config.redisPrefix, (err) =>
          app.log.warn({ err }, 'game bus trouble'),
        )
      : localBus();
  const ownership = !deps.redis
    ? localOwnership()
    : database.url
      ? postgresOwnership(database.url, (err) => app.log.warn({ err }, 'room ownership connection lost'))
      : redisOwnership(deps.redis, config.redisPrefix, bus.instanceId);
  const hub = createHub({
    maxBufferedBytes: 1024 * 1024,
    onSlowSocket: (c) => {
      countSlowSocketClose();
      app.log.warn({ userId: c.actor.userId, roomId: c.roomId }, 'closing a socket that fell behind');
    },
  });
  const gameRooms = createRoomDirectory({
    db: database.db,
    content: services.content,
    journal: createJournal(database.db, { onBatch: (events, ms) => observeEventAppend(ms / 1000, events) }),
    bus,
    hub,
    ownership,
    clock: {
      now: () => new Date(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
    randomInt: cryptoRandomInt,
    log: app.log,
  });
  livePlayers = gameRooms.playerCount;
  // Open Lobby from the rooms list (POST /rooms/:id/lobby) is the game's own command.
  roomsSvc.onOpenLobby((actor, roomId) =>
    gameRooms.execute({ roomId, actor, command: { type: 'open_lobby' } }),
  );
  // A new code or guest rule reaches every staff screen in the room at once (the presenter too).
  roomsSvc.onJoinCodeChanged((roomId, code) => {
    const message: ServerMessage = { type: 'join_code', payload: { code }, seq: 0 };
    gameRooms.announce(roomId, [{ to: 'staff', data: JSON.stringify(message) }]);
  });
  // A room moved to another session by hand (PATCH /update-room-session): its live game follows.
  roomsSvc.onSessionChanged((actor, roomId, sessionId) =>
    gameRooms.execute({ roomId, actor, command: { type: 'set_session', sessionId } }),
  );
  await registerGameSocket(app, {
    tokens,
    checkToken,
    tickets: resumeTickets(config.jwtSecret),
    db: database.db,
    rooms: gameRooms,
    hub,
    allowedOrigins: config.allowedOrigins,
  });
  const stopCollectingRooms = collectRooms(() => gameRooms.playerCounts());
  app.addHook('onClose', async () => {
    stopCollectingRooms();
    await gameRooms.close();
    await ownership.close();
    await bus.close();
    redisSubscriber?.disconnect();
  });

  const webDist = deps.webDistDir;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // The SPA's files go compressed (brotli or gzip, as the browser asks): a phone on a slow network
    // downloads a third of the bytes. Registered here, after the API, so only the web files are.
    await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes get the SPA; API and operator paths and non-GETs get the JSON 404 (a
    // Prometheus scrape of a server without METRICS_ENABLED must fail, not parse the SPA's HTML).
    if (!isServerPath(req.url) && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(message('errors.notFound'), 'NOT_FOUND'));
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** /readyz answers 503 from now on (SIGTERM), while requests and sockets are still served. */
    startDraining(): void;
    /** Database and Redis readiness, as /health reports it. */
    healthStatus(): Promise<{ status: 'ok' | 'unavailable'; database: string; redis?: 'ok' | 'unavailable' }>;
  }
}
