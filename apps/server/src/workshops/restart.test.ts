import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { firstStart } from '../first-start/first-start';

const PASSWORD = 'restart-test-password';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The product on an on-disk PGlite database and data directory, as `npm start` runs it. */
async function start(dataDir: string): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await firstStart(database.db, {
    adminEmail: 'admin@playshop.test',
    adminPassword: PASSWORD,
    demoData: true,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'restart-secret-restart-secret-restart-secret',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}

async function signIn(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: 'admin@playshop.test', password: PASSWORD },
  });
  return { authorization: `Bearer ${res.json().accessToken}` };
}

describe('after a restart', () => {
  // Two starts of an on-disk PGlite with migrations and the first start: ~10 s alone, past 30 s on a
  // shared CI machine.
  it('a reordered session keeps its order and an uploaded image is still served', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-restart-'));
    dirs.push(dataDir);

    let { app, database } = await start(dataDir);
    let headers = await signIn(app);
    const [demo] = (await app.inject({ url: '/api/v1/get-workshops', headers })).json();
    const workshop = (await app.inject({ url: `/api/v1/get-workshop-by-id/${demo.id}`, headers })).json();
    const session = workshop.sessions[1];
    const reversed = [...session.sessionContent]
      .reverse()
      .map((e: { contentBaseId: number }) => e.contentBaseId);
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/edit-session/${session.id}`,
      headers,
      payload: { sessionContent: reversed },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A real 1×1 PNG: an upload is decoded and drawn again when it completes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(png.length),
        'upload-metadata': `folder ${Buffer.from('content-images').toString('base64')}`,
      },
    });
    const uploaded = await app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: png,
    });
    const { url } = uploaded.json();
    // The image as stored (drawn again from the upload), to find the same after the restart.
    const stored = (await app.inject({ url })).rawPayload;

    await app.close();
    await database.close();
    ({ app, database } = await start(dataDir));
    try {
      headers = await signIn(app);
      const after = (await app.inject({ url: `/api/v1/get-session-by-id/${session.id}`, headers })).json();
      expect(
        after.sessionContent.map((e: { contentBaseId: number; orderIndex: number }) => [
          e.orderIndex,
          e.contentBaseId,
        ]),
      ).toEqual(reversed.map((id, i) => [i, id]));
      // The first start ran once: still one demo workshop.
      expect((await app.inject({ url: '/api/v1/count-workshops', headers })).json()).toEqual({ count: 1 });
      const file = await app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(stored)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
