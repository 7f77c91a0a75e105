import type { FastifyBaseLogger } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * What the logs never carry (ASVS 5.0 16.2.5): credentials by rule, wherever they
 * appear in a logged object, one level below any key (pino's redaction has no deep wildcard, so the
 * usual nests are listed).
 */
const SECRET_KEYS = [
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
];
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.*["${k}"]`]),
];

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

const errSerializer = (err: Error): unknown => withoutQueryValues(stdSerializers.err(err));

/** The server's pino options: level, redaction by rule, and the request and error serializers. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: errSerializer,
      // The game socket's token and a material download link's signature travel in the query
      // string: keep them out of the logs.
      req: (req: { method?: string; url?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: String(req.url ?? '').replace(/([?&](?:token|signature)=)[^&]*/g, '$1[redacted]'),
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
