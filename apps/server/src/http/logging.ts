import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';
import pretty from 'pino-pretty';

/**
 * What the logs never carry (ASVS 5.0 16.2.5): credentials by key, at the top of a logged object or
 * one or two levels below (`withoutSecrets`).
 */
const SECRET_KEYS = new Set([
  'password',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'set-cookie',
  'signature',
]);
const CENSOR = '[redacted]';

/** A plain object or an array: what `withoutSecrets` walks by its keys (an array's are its indexes). */
const isPlain = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The value with every secret key censored, down to two levels below the top; what holds no secret
 * is returned as is, and the caller's objects are never changed (only the path to a secret is
 * copied). Class instances (a request, an error) are left to their serializers, which keep only
 * safe fields. Not pino's `redact`: its wildcard paths re-parse every path for every logged value
 * and every request's child logger (bench:ws allocation profile, docs/performance.md).
 */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 2 || !isPlain(value)) return value;
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    const before = fields[key];
    const after = SECRET_KEYS.has(key) ? CENSOR : withoutSecrets(before, depth + 1);
    if (after === before) continue;
    copy ??= Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...fields };
    copy[key] = after;
  }
  return copy ?? value;
}

/**
 * A database error's message and `params` hold the query's values (a new user's argon2 hash, an
 * email): they are dropped, the SQL text and the PostgreSQL code kept. Causes are cleaned the same way.
 */
function withoutQueryValues(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string')
      out[key] = (out[key] as string).replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  }
  if ('params' in out) out.params = '[redacted]';
  // PostgreSQL's own detail repeats the offending value ('Key (email)=(…) already exists').
  if (typeof out.detail === 'string') out.detail = '[redacted]';
  if (out.cause) out.cause = withoutQueryValues(out.cause, depth + 1);
  return out;
}

// An error's own fields count as one level below the top, as where it is logged (`{ err }`).
const errSerializer = (err: Error): unknown => withoutSecrets(withoutQueryValues(stdSerializers.err(err)), 1);

// `resume`: the game socket's resume ticket (sessions/resume-tickets.ts), a credential like the token.
const safeUrl = (url: string | undefined) =>
  String(url ?? '').replace(/([?&](?:token|resume|signature)=)[^&]*/g, '$1[redacted]');

/**
 * Development (`npm start`): lines a person reads in a terminal, one per request, rather than the
 * JSON stream production ships to its log store (which keeps Fastify's request lines as they are).
 */
export const readableLogs = (destination?: NodeJS.WritableStream) => ({
  stream: pretty({
    colorize: destination === undefined,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    sync: true,
    ...(destination ? { destination } : {}),
  }),
});

/** The one line per request of readable logs: 'GET /api/v1/me 200 3 ms'. */
export function logEachRequestOnce(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const line = `${req.method} ${safeUrl(req.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) req.log.error(line);
    else req.log.info(line);
  });
}

/** The server's pino options: level, secrets censored by key, and the request and error serializers. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: { log: (object) => withoutSecrets(object) as Record<string, unknown> },
    serializers: {
      err: errSerializer,
      // The game socket's token and a material download link's signature travel in the query
      // string: keep them out of the logs.
      req: (req: { method?: string; url?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.url),
      }),
    },
  };
}

/**
 * Hostile input (an invalid or oversize WebSocket frame, a malformed body) is expected from anyone
 * with a token: logged at info, without its payload, once per source and kind per window; what came
 * after in the window is counted and reported with the next line. Never an error with a stack.
 */
interface HostileInputLog {
  /** `source` says who (a user id, an address); `reason` what was wrong, never the payload itself. */
  report(kind: string, source: string | number, reason: string): void;
}

export function hostileInputLog(
  log: Pick<FastifyBaseLogger, 'info'>,
  windowMs = 60_000,
  now: () => number = Date.now,
): HostileInputLog {
  const seen = new Map<string, { until: number; suppressed: number }>();
  return {
    report(kind, source, reason) {
      const t = now();
      const key = `${kind}\n${source}`;
      const entry = seen.get(key);
      if (entry && entry.until > t) {
        entry.suppressed += 1;
        return;
      }
      if (seen.size > 10_000) for (const [k, e] of seen) if (e.until <= t) seen.delete(k);
      seen.set(key, { until: t + windowMs, suppressed: 0 });
      log.info(
        {
          kind,
          source,
          reason: reason.slice(0, 200),
          ...(entry?.suppressed ? { suppressed: entry.suppressed } : {}),
        },
        'hostile input refused',
      );
    },
  };
}
