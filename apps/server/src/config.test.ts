import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    // SPEC §5's address rule: a top-level domain of 2 to 4 letters, so the super admin can save their profile.
    [{ ADMIN_EMAIL: 'admin@playshop.local' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@example' }, 'ADMIN_EMAIL'],
    [{ S3_BUCKET: 'b' }, 'S3_REGION'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ YOUTUBE_API_URL: 'ftp://example.com' }, 'YOUTUBE_API_URL'],
    [{ YOUTUBE_API_URL: 'not a url' }, 'YOUTUBE_API_URL'],
  ])('stops on %o naming %s', async (env, name) => {
    const dataDir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(name);
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

  it('treats empty variables as unset', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
