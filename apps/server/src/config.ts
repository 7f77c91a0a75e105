import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { english } from '@playshop/messages/english';
import { EMAIL_ADDRESS } from '@playshop/shared';
import { z } from 'zod';
import { isCommonPassword, passwordRefusal } from './password-rules';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list: its entries trimmed, the empty ones dropped. */
const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const url = (protocols: string[]) =>
  z
    .url({ message: `must be a URL (${protocols.join(', ')})` })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/**
 * A vulnerability contact as RFC 9116 wants it (a URI): `mailto:`, `https:` or `tel:`, and a bare
 * email address as `mailto:` it; null for anything else (plain http is refused: the RFC asks for https).
 */
export function securityContactUri(contact: string): string | null {
  const email = /^[^\s@:/,]+@[^\s@/,]+\.[^\s@/,]+$/;
  if (email.test(contact)) return `mailto:${contact}`;
  if (/^mailto:/i.test(contact)) return email.test(contact.slice(7)) ? contact : null;
  if (/^tel:\+?[\d\-.()]+$/i.test(contact)) return contact;
  if (!/^https:\/\//i.test(contact) || /\s/.test(contact)) return null;
  return URL.canParse(contact) ? contact : null;
}

/** Every environment variable the server reads. Nothing else in the code reads process.env. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .default('playshop'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Playshop <no-reply@playshop.test>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The super admin's sign-in, held to the same address rule as every user's (the browser's, issue 42). */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .max(254)
    .regex(EMAIL_ADDRESS, 'must be an email address (as a browser checks one)')
    .default('admin@playshop.test'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .refine((v) => !isCommonPassword(v), 'is one of the most common passwords: choose another')
    .optional(),
  DEMO_DATA: booleanString.default(true),
  TRUST_PROXY: booleanString.default(false),
  /** Extra browser origins allowed to open the game WebSocket, comma-separated (PUBLIC_URL's always is). */
  ALLOWED_ORIGINS: commaList.pipe(z.array(url(['http', 'https']))).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** The YouTube Data API's base address; tests point it at a fake server on loopback. */
  YOUTUBE_API_URL: url(['http', 'https']).default('https://www.googleapis.com/youtube/v3'),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prometheus text at /metrics (off by default: it tells anyone who can reach it how busy the server is). */
  METRICS_ENABLED: booleanString.default(false),
  /** Serve /metrics on this port alone (on HOST) instead of the main port. */
  METRICS_PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).optional(),
  /**
   * Who may read the OpenAPI description at /api/docs: anyone, signed-in staff only (a staff access
   * token), or nobody. Unset: staff in production, public otherwise.
   */
  API_DOCS: z.enum(['public', 'staff', 'off'], { message: 'must be public, staff or off' }).optional(),
  /**
   * Single sign-on issuers on this server's own networks (loopback, private, link-local) and plain
   * http on this machine. Unset: refused in production, allowed otherwise (development, tests).
   */
  SSO_ALLOW_PRIVATE_ISSUERS: booleanString.optional(),
  /** Days an audit log entry is kept before the daily purge removes it. */
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(36_500)
    .default(400),
  /**
   * Where vulnerability reports go (RFC 9116 Contact): comma-separated `mailto:`, `https:` or `tel:`
   * addresses; a bare email address means `mailto:` it. Unset: no /.well-known/security.txt (404).
   */
  SECURITY_CONTACT: commaList
    .pipe(
      z.array(
        z.string().refine((c) => securityContactUri(c) !== null, {
          message: 'must be mailto:, https: or tel: addresses (or email addresses), comma-separated',
        }),
      ),
    )
    .optional(),
  /** How long /readyz answers 503 after SIGTERM before the server stops taking connections. */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(120_000)
    .default(5000),
});

/**
 * Secrets that may come from a file instead (`JWT_SECRET_FILE=/run/secrets/jwt`), as Docker and
 * Kubernetes secrets are mounted. The file's content, without its trailing newline, is the value.
 */
export const FILE_VARIABLES = [
  'JWT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'YOUTUBE_API_KEY',
] as const;

export type Env = z.infer<typeof ZEnv>;

/** The names of every variable the server reads (.env.example lists each; a test checks it). */
export const ENV_VARIABLES = Object.keys(ZEnv.shape) as (keyof Env)[];

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: without it, join links use the address the page was loaded from. */
  publicUrlSet: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword?: string;
  demoData: boolean;
  trustProxy: boolean;
  /** Origins whose pages may open the game WebSocket. */
  allowedOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  youtubeApiKey?: string;
  /** Without a trailing slash. */
  youtubeApiUrl: string;
  s3?: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  metrics: { enabled: boolean; port?: number };
  shutdownDrainMs: number;
  apiDocs: 'public' | 'staff' | 'off';
  auditRetentionDays: number;
  /** RFC 9116 Contact URIs for /.well-known/security.txt and the security page; empty when unset. */
  securityContacts: string[];
  /** SSO_ALLOW_PRIVATE_ISSUERS (auth/sso/provider.ts). */
  ssoAllowPrivateIssuers: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
}

/** Replaces each `X_FILE` of FILE_VARIABLES by `X` read from that file; both set is an error. */
function withFiles(env: Record<string, string>): Record<string, string> {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    delete out[`${name}_FILE`];
    if (env[name] !== undefined) {
      problems.push(`  ${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      const value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
      if (value !== '') out[name] = value;
    } catch (err) {
      problems.push(`  ${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? err})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return out;
}

/** The JWT secret kept in DATA_DIR so tokens survive restarts when JWT_SECRET is unset. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(withFiles(withoutEmpty(env)));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Keys = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Keys.filter((k) => e[k] !== undefined);
  // S3_ENDPOINT alone would otherwise be ignored without a word and files would go to local disk.
  if ((s3Set.length > 0 || e.S3_ENDPOINT !== undefined) && s3Set.length < s3Keys.length) {
    const missing = s3Keys.filter((k) => e[k] === undefined).join(', ');
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required when any S3_* variable is set`);
  }
  // The rest of the password policy (patterns, the admin's own email), as for any chosen password.
  const adminRefusal = e.ADMIN_PASSWORD ? passwordRefusal(e.ADMIN_PASSWORD, { email: e.ADMIN_EMAIL }) : null;
  if (adminRefusal)
    throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${english(adminRefusal.message.key)}`);
  // Phones join by the address in the QR code: in production it must be the one they can reach.
  if (e.NODE_ENV === 'production' && e.PUBLIC_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production (the address players open, e.g. https://bingo.example.org)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const devOrigins =
    e.NODE_ENV === 'production' ? [] : ['http://localhost:5173', `http://127.0.0.1:${e.PORT}`];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        ...devOrigins,
        ...(e.ALLOWED_ORIGINS ?? []).map((o) => new URL(o).origin),
      ]),
    ],
    logLevel: e.LOG_LEVEL,
    youtubeApiKey: e.YOUTUBE_API_KEY,
    youtubeApiUrl: e.YOUTUBE_API_URL.replace(/\/+$/, ''),
    s3:
      s3Set.length === s3Keys.length
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION!,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    metrics: { enabled: e.METRICS_ENABLED, port: e.METRICS_PORT },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'staff' : 'public'),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    securityContacts: (e.SECURITY_CONTACT ?? []).map((c) => securityContactUri(c)!),
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS ?? e.NODE_ENV !== 'production',
  };
}
