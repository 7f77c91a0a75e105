import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@playshop/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type AuthRateLimits, authRoutes, DEFAULT_AUTH_RATE_LIMITS } from './auth/routes';
import { authService } from './auth/service';
import { accessTokens } from './auth/tokens';
import { categoryRoutes } from './categories/routes';
import { categoriesService } from './categories/service';
import type { Config } from './config';
import { contentRoutes } from './content/routes';
import { contentService } from './content/service';
import { dashboardRoutes } from './dashboard/routes';
import { dashboardService } from './dashboard/service';
import type { Database } from './db/client';
import { localBus, redisBus } from './game/bus';
import { createHub } from './game/hub';
import { roomGames } from './game/room-games';
import { registerGameSocket } from './game/socket';
import { gameStore } from './game/store';
import { memoryAccountLimiter, redisAccountLimiter } from './http/account-limiter';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/errors';
import { scheduleHousekeeping } from './http/housekeeping';
import { trackRoutes } from './http/route-registry';
import { createMailer, type Mailer } from './mail/mailer';
import { downloadLinks } from './materials/download-links';
import { materialRoutes } from './materials/routes';
import { materialsService } from './materials/service';
import { orgRoutes } from './orgs/routes';
import { orgsService } from './orgs/service';
import { roomActivityFromLog } from './rooms/room-activity';
import { roomRoutes } from './rooms/routes';
import { roomsService } from './rooms/service';
import { settingsRoutes } from './settings/routes';
import { defaultPublicSettings, settingsService } from './settings/service';
import { createStorage, type Storage } from './storage/storage';
import { trainingRoutes } from './training/routes';
import { trainingService } from './training/service';
import { youtubeClient } from './training/youtube';
import { uploadRoutes } from './uploads/routes';
import { userRoutes } from './users/routes';
import { usersService } from './users/service';
import { workshopRoutes } from './workshops/routes';
import { workshopsService } from './workshops/service';

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
  accessTokenTtlSeconds?: number;
  /** The built SPA; served at / with index.html for client routes. */
  webDistDir?: string;
  logger?: boolean;
  /** Where uploaded files live; local disk under DATA_DIR/files by default (DESIGN §7). */
  storage?: Storage;
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // The game socket's token and a material download link's signature travel in the query
            // string: keep them out of the logs.
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url.replace(/([?&](?:token|signature)=)[^&]*/g, '$1[redacted]'),
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Material folder names (up to 120 characters) travel as path parameters; Fastify's default is 100.
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every route, for the authorization matrix test (apps/server/src/test/authz-matrix.ts).
  app.decorate('registeredRoutes', trackRoutes(app));

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  app.addHook('onClose', async () => {
    if (!deps.mailer) mailer.close();
  });

  await app.register(fastifyHelmet, {
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
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${config.redisPrefix}-rl:` } : {}),
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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const tokens = accessTokens(config.jwtSecret, deps.accessTokenTtlSeconds);
  const storage = deps.storage ?? (await createStorage(config, app.log));
  const services = {
    auth: authService({ db: database.db, tokens, mailer, publicUrl: config.publicUrl, log: app.log }),
    orgs: orgsService(database.db),
    users: usersService(database.db),
    categories: categoriesService(database.db),
    settings: settingsService(database.db, defaultPublicSettings(config.publicUrl, config.adminEmail)),
    content: contentService(database.db, storage),
  };
  const workshopsSvc = workshopsService(database.db, services.content);
  const roomsSvc = roomsService(database.db, services.content);
  // Images uploaded in a content form that was never saved go a day later.
  scheduleHousekeeping(app, 'unused content images', () =>
    services.content.sweepUnusedImages(new Date(Date.now() - UNUSED_IMAGE_TTL_MS)),
  );

  await app.register(
    async (api) => {
      registerAuthentication(api, tokens, database.db);
      // Public routes show no lock in the API docs.
      api.addHook('onRoute', (route) => {
        if (route.config?.public) route.schema = { ...route.schema, security: [] };
      });
      authRoutes(
        api,
        services.auth,
        { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.rateLimits },
        deps.redis ? redisAccountLimiter(deps.redis, config.redisPrefix) : memoryAccountLimiter(),
        config.publicUrl.startsWith('https:'),
      );
      orgRoutes(api, services.orgs);
      roomRoutes(api, roomsSvc);
      // The rooms' state and players now come from the game event log (see rooms/room-activity.ts).
      dashboardRoutes(api, dashboardService(database.db, roomActivityFromLog(database.db)));
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

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.db.execute('select 1');
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  // The live game: event log, bus (Redis when configured), this instance's sockets, /ws.
  const redisSubscriber = deps.redis?.duplicate();
  const bus =
    deps.redis && redisSubscriber
      ? redisBus(deps.redis, redisSubscriber, config.redisPrefix, (err) =>
          app.log.error({ err }, 'bad game bus message'),
        )
      : localBus();
  const hub = createHub({
    maxBufferedBytes: 1024 * 1024,
    onSlowSocket: (c) =>
      app.log.warn({ userId: c.userId, roomId: c.roomId }, 'closing a socket that fell behind'),
  });
  const games = roomGames({
    db: database.db,
    store: gameStore(database.db),
    content: services.content,
    bus,
    hub,
    log: app.log,
  });
  await registerGameSocket(app, {
    tokens,
    db: database.db,
    games,
    allowedOrigins: config.allowedOrigins,
  });
  app.addHook('onClose', async () => {
    await bus.close();
    redisSubscriber?.disconnect();
  });

  const webDist = deps.webDistDir;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api';
    // Client-side routes get the SPA; API paths and non-GETs get the JSON 404.
    if (!isApi && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });

  return app;
}
