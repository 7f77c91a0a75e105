import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, FILE_VARIABLES, loadConfig } from './config';

let dirs: string[] = [];
const tempDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), 'playshop-cfg-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

describe('loadConfig', () => {
  it('has zero-setup defaults', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      publicUrl: 'http://localhost:3000',
      adminEmail: 'admin@playshop.test',
      demoData: true,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_PASSWORD: '1234' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'Password1' }, 'is one of the most common passwords'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    // The user form's address rule (a browser's type=email), so the super admin can save their profile.
    [{ ADMIN_EMAIL: 'admin@-playshop.local' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@example..com' }, 'ADMIN_EMAIL'],
    [{ S3_BUCKET: 'b' }, 'S3_REGION'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ YOUTUBE_API_URL: 'ftp://example.com' }, 'YOUTUBE_API_URL'],
    [{ YOUTUBE_API_URL: 'not a url' }, 'YOUTUBE_API_URL'],
    [{ METRICS_ENABLED: 'on' }, 'METRICS_ENABLED'],
    [{ METRICS_PORT: '99999' }, 'METRICS_PORT'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ JWT_SECRET_FILE: '/nonexistent/playshop-secret' }, 'JWT_SECRET_FILE: cannot read'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
    [{ SECURITY_CONTACT: 'http://example.org/security' }, 'SECURITY_CONTACT'],
    [{ SECURITY_CONTACT: 'security team' }, 'SECURITY_CONTACT'],
    [{ SECURITY_CONTACT: 'mailto:nobody' }, 'SECURITY_CONTACT'],
  ])('stops on %o naming %s', async (env, name) => {
    const dataDir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(name);
  });

  it('reads secrets from *_FILE paths, without the trailing newline', async () => {
    const dataDir = await tempDir();
    const file = (name: string, text: string) => {
      const p = path.join(dataDir, name);
      return writeFile(p, text).then(() => p);
    };
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET_FILE: await file('jwt', `${'s'.repeat(40)}\n`),
      DATABASE_URL_FILE: await file('db', 'postgres://app:pw@db:5432/playshop\n'),
      S3_ACCESS_KEY_ID_FILE: await file('key', 'AKIA'),
      S3_SECRET_ACCESS_KEY_FILE: await file('secret', 'shh'),
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'b',
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://app:pw@db:5432/playshop');
    expect(config.s3).toMatchObject({ accessKeyId: 'AKIA', secretAccessKey: 'shh' });
    // The file's value is validated like the variable's.
    const bad = await file('bad-url', 'mysql://x');
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL_FILE: bad })).toThrow('DATABASE_URL');
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: bad })).toThrow(
      'set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
  });

  it('keeps metrics off unless METRICS_ENABLED, drains 5 s by default', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      metrics: { enabled: false, port: undefined },
      shutdownDrainMs: 5000,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        METRICS_ENABLED: 'true',
        METRICS_PORT: '9100',
        SHUTDOWN_DRAIN_MS: '0',
      }),
    ).toMatchObject({ metrics: { enabled: true, port: 9100 }, shutdownDrainMs: 0 });
  });

  it('.env.example and compose.yaml name every variable, and no other', async () => {
    const root = new URL('../../../', import.meta.url);
    const example = await readFile(new URL('.env.example', root), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    const composeOnly = ['PLAYSHOP_SITE', 'POSTGRES_PASSWORD', 'PLAYSHOP_TAG', 'GIT_COMMIT'];
    expect([...listed].sort()).toEqual([...ENV_VARIABLES, ...composeOnly].sort());
    for (const name of FILE_VARIABLES) expect(ENV_VARIABLES).toContain(name);
    const compose = await readFile(new URL('compose.yaml', root), 'utf8');
    for (const [, name] of compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)) expect(listed, name).toContain(name);
  });

  it('reads SECURITY_CONTACT as RFC 9116 contact URIs, a bare email address as mailto:', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).securityContacts).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SECURITY_CONTACT: 'security@example.org, https://example.org/report ,tel:+49-30-1234567',
      }).securityContacts,
    ).toEqual(['mailto:security@example.org', 'https://example.org/report', 'tel:+49-30-1234567']);
    expect(
      loadConfig({ DATA_DIR: dataDir, SECURITY_CONTACT: 'mailto:psirt@example.org' }).securityContacts,
    ).toEqual(['mailto:psirt@example.org']);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('reads the YouTube API address, defaulting to Google and dropping a trailing slash', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).youtubeApiUrl).toBe('https://www.googleapis.com/youtube/v3');
    expect(
      loadConfig({ DATA_DIR: dataDir, YOUTUBE_API_URL: 'http://127.0.0.1:9999/youtube/v3/' }).youtubeApiUrl,
    ).toBe('http://127.0.0.1:9999/youtube/v3');
  });

  it('starts in production once PUBLIC_URL is set, and tells whether it was', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bingo.example.org/',
    });
    expect(config).toMatchObject({ publicUrl: 'https://bingo.example.org', publicUrlSet: true });
    expect(loadConfig({ DATA_DIR: dataDir }).publicUrlSet).toBe(false);
  });

  it('treats empty variables as unset', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
