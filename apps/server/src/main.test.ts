import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

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
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
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
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    const first = await start(env);
    expect(first.output()).toContain('Super admin (ORGANIZATION → admin login): admin@playshop.test');
    expect(first.output()).toMatch(/password: \S{12,}\s+\(generated; shown only this once\)/);
    expect(first.output()).toContain(
      'demo-player-1, demo-player-2, demo-player-3, demo-player-4, demo-player-5',
    );
    expect(first.output()).toContain('facilitator@demo.playshop.test');
    expect(await stop(first.child)).toBe(0);

    // The embedded database was closed cleanly: it opens again with the same data and no new seed.
    const second = await start(env);
    expect(second.output()).not.toContain('first start');
    expect(await stop(second.child)).toBe(0);
  }, 120_000);

  it('refuses a bad setting, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATA_DIR: path.join(tmpdir(), 'playshop-unused') },
    });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT: must be a port number');
  }, 60_000);
});
