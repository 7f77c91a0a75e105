import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/instances';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

/** Runs the real process entry with `env` until it exits: its exit code and everything it printed. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

/** Runs the real process entry until it listens; resolves with everything it printed. */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    // A server that never says it listens is killed, not left running after the test. Patience, not a
    // speed check: a first start (initdb, migrations, the seed's hashes) beside two browser lanes on
    // 2 cores has passed 60 s.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`did not start:\n${output}`));
    }, 90_000);
    child.stdout!.on('data', () => {
      if (output.includes('Playshop is listening')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints how to sign in on first start, stops cleanly on SIGTERM and adds nothing on restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-main-'));
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '0' };
    const first = await start(env);
    const { version } = JSON.parse(readFileSync(path.join(serverRoot, '../../package.json'), 'utf8'));
    expect(first.output()).toMatch(new RegExp(`version ${version.replace(/\./g, '\\.')}, commit \\w+`));
    expect(first.output()).toContain('Super admin (ORGANIZATION → admin login): admin@playshop.test');
    expect(first.output()).toMatch(/password: \S{12,}\s+\(generated; shown only this once\)/);
    expect(first.output()).toContain(
      'demo-player-1, demo-player-2, demo-player-3, demo-player-4, demo-player-5',
    );
    expect(first.output()).toContain('facilitator@demo.playshop.test');
    expect(first.output()).toMatch(/Local: {3}http:\/\/localhost:\d+\//);
    expect(await stop(first.child)).toBe(0);

    // The embedded database was closed cleanly: it opens again with the same data and no new seed.
    const second = await start(env);
    expect(second.output()).not.toContain('first start');
    expect(await stop(second.child)).toBe(0);
  }, 180_000);

  it('on SIGTERM answers /readyz with 503 while still serving, then exits', async () => {
    const drainDir = await mkdtemp(path.join(tmpdir(), 'playshop-drain-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      const server = await start({
        DATA_DIR: drainDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        SHUTDOWN_DRAIN_MS: '3000',
      });
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      let exitedYet = false;
      void exited.then(() => (exitedYet = true));
      server.child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 2500 }).toBe(503);
      expect(exitedYet).toBe(false);
      expect((await fetch(`${url}/livez`)).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      await rm(drainDir, { recursive: true, force: true });
    }
  }, 180_000);
  // Each refused start exits with 1 and names the setting, before anything listens.
  it.each([
    [
      'in production without PUBLIC_URL',
      { NODE_ENV: 'production' },
      'PUBLIC_URL: required when NODE_ENV=production',
    ],
    ['with a bad setting', { PORT: 'eighty' }, 'PORT: must be a port number'],
    // Port 9 (discard) on loopback: nothing listens there.
    [
      'when REDIS_URL answers nothing',
      { PORT: '0', REDIS_URL: 'redis://127.0.0.1:9' },
      'Cannot reach Redis at REDIS_URL (redis://127.0.0.1:9)',
    ],
  ])(
    'refuses to start %s, naming it',
    async (_, env: Record<string, string>, says) => {
      const { code, output } = await runToExit({ ...env, DATA_DIR: path.join(tmpdir(), 'playshop-unused') });
      expect(code).toBe(1);
      expect(output).toContain(says);
      expect(output).not.toContain('listening');
    },
    60_000,
  );
});
