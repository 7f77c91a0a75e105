import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { UPLOAD_LIMIT_BYTES } from '@playshop/shared';
import { type DetailedError, Upload, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { filesOnDisk } from '../test/files-on-disk';
import { putMaterial } from './test-helpers';

/**
 * Material uploads through a real tus client (tus-js-client, as the browser uses it) against the app
 * listening on loopback: chunks and progress, resuming after an interrupted PATCH, the 5 MB limit,
 * names, other users' upload URLs, conflicts.
 */
let ctx: TestContext;
let base: string;
let rootId: number;
const as = {} as Record<'root' | 'otherRoot' | 'admin' | 'facilitator', Record<string, string>>;

const CHUNK = 256 * 1024;
const ENDPOINT = () => `${base}/api/v1/material-uploads`;

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await createOrg(ctx.database);
  const root = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
  rootId = root.user.id;
  as.root = root.headers;
  as.otherRoot = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
  as.admin = (await signInNewUser(ctx, 'ADMIN', org.id)).headers;
  as.facilitator = (await signInNewUser(ctx, 'FACILITATOR', org.id)).headers;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

type Outcome =
  | { ok: true; status: number; body: string; progress: number[]; accepted: number[] }
  | { ok: false; status: number | undefined; body: string; progress: number[]; accepted: number[] };

/** What every upload here sets: this endpoint, one chunk size, no retries and no resume store. */
const uploadOptions = (headers: Record<string, string>, metadata: Record<string, string>): UploadOptions => ({
  endpoint: ENDPOINT(),
  headers,
  metadata,
  chunkSize: CHUNK,
  retryDelays: [],
  storeFingerprintForResuming: false,
});

/** Runs one tus-js-client upload to its end (success or error); no automatic retries. */
function runUpload(
  data: Buffer,
  metadata: Record<string, string>,
  headers: Record<string, string> = as.root,
  extra: Partial<UploadOptions> & { onUpload?: (upload: Upload) => void } = {},
): Promise<Outcome> {
  const progress: number[] = [];
  const accepted: number[] = [];
  return new Promise((resolve) => {
    const upload = new Upload(data, {
      ...uploadOptions(headers, metadata),
      onProgress: (sent) => progress.push(sent),
      onChunkComplete: (_size, bytesAccepted) => accepted.push(bytesAccepted),
      onSuccess: ({ lastResponse }) =>
        resolve({
          ok: true,
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          progress,
          accepted,
        }),
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        resolve({
          ok: false,
          status: response?.getStatus(),
          body: response?.getBody() ?? '',
          progress,
          accepted,
        });
      },
      ...extra,
    });
    extra.onUpload?.(upload);
    upload.start();
  });
}

/** Starts an upload, stops it after its first chunk is stored, and returns its URL. */
function uploadFirstChunkOnly(data: Buffer, metadata: Record<string, string>, headers = as.root) {
  return new Promise<string>((resolve, reject) => {
    const upload: Upload = new Upload(data, {
      ...uploadOptions(headers, metadata),
      onChunkComplete: () => {
        upload.abort().then(() => resolve(upload.url!), reject);
      },
      onError: reject,
    });
    upload.start();
  });
}

const tusHead = (url: string, headers: Record<string, string>) =>
  fetch(new URL(url, base), { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });

const stored = async (key: string) => {
  const found = await ctx.storage.get(key);
  return found ? buffer(found.stream) : null;
};

/** Every file under the data directory but the JWT secret. */
const filesStored = async () => (await filesOnDisk(ctx.dataDir)).filter((f) => f !== 'jwt-secret');

/** Each upload (by its metadata) is refused with 400 and `code`, and nothing is written. */
async function expectRefused(code: string, cases: Record<string, string>[]) {
  const before = await filesStored();
  for (const metadata of cases) {
    const result = await runUpload(Buffer.from('data'), metadata);
    expect(result.status, JSON.stringify(metadata)).toBe(400);
    expect(JSON.parse(result.body).code).toBe(code);
  }
  expect(await filesStored()).toEqual(before);
}

describe('material uploads over tus', () => {
  it('uploads a file in several chunks with progress, stores it with SPEC §3 metadata and serves it', async () => {
    const data = randomBytes(CHUNK * 3 + 1000);
    const result = await runUpload(data, {
      filename: 'Handbook.pdf',
      folder: 'Demo Workshop',
      subfolder: 'Handouts',
      filetype: 'text/html',
    });
    expect(result.ok).toBe(true);
    expect(result.status).toBe(200);
    expect(result.accepted).toEqual([CHUNK, CHUNK * 2, CHUNK * 3, data.length]);
    expect(result.progress.at(-1)).toBe(data.length);
    expect(result.progress).toEqual([...result.progress].sort((a, b) => a - b));

    const { file } = JSON.parse(result.body);
    expect(file).toEqual({
      bucket: 'local',
      name: 'Handbook.pdf',
      fullPath: 'documents/Demo Workshop/Handouts/Handbook.pdf',
      size: data.length,
      // From the extension, not from the client's filetype.
      contentType: 'application/pdf',
      timeCreated: expect.any(String),
      updated: expect.any(String),
      md5Hash: createHash('md5').update(data).digest('base64'),
      customMetadata: { 'uploaded-by': String(rootId), 'original-name': 'Handbook.pdf' },
    });
    expect((await stored(file.fullPath))?.equals(data)).toBe(true);
    // The tus working copies are gone.
    expect((await filesStored()).filter((f) => f.startsWith('material-uploads-in-progress'))).toEqual([]);

    // And it downloads through a signed link.
    const link = await fetch(`${base}/api/v1/materials/download-link`, {
      method: 'POST',
      headers: { ...as.facilitator, 'content-type': 'application/json' },
      body: JSON.stringify({ filePath: file.fullPath }),
    });
    // The facilitator's organization has no 'Demo Workshop': not theirs.
    expect(link.status).toBe(404);
    const rootLink = await fetch(`${base}/api/v1/materials/download-link`, {
      method: 'POST',
      headers: { ...as.root, 'content-type': 'application/json' },
      body: JSON.stringify({ filePath: file.fullPath }),
    });
    const { url } = (await rootLink.json()) as { url: string };
    const download = await fetch(new URL(url, base));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
  });

  it('resumes after an aborted upload from the offset the server reports', async () => {
    const data = randomBytes(CHUNK * 4);
    const url = await uploadFirstChunkOnly(data, { filename: 'resumed.bin', folder: 'Resume' });
    const head = await tusHead(url, as.root);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(CHUNK));
    expect(await stored('documents/Resume/resumed.bin')).toBeNull();

    const result = await runUpload(data, { filename: 'resumed.bin', folder: 'Resume' }, as.root, {
      uploadUrl: url,
    });
    expect(result.ok).toBe(true);
    // The first chunk was not sent again.
    expect(result.accepted).toEqual([CHUNK * 2, CHUNK * 3, CHUNK * 4]);
    expect((await stored('documents/Resume/resumed.bin'))?.equals(data)).toBe(true);
  });

  it('resumes after a connection dropped in the middle of a PATCH', async () => {
    const data = randomBytes(CHUNK * 2);
    const created = await fetch(ENDPOINT(), {
      method: 'POST',
      headers: {
        ...as.root,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `filename ${Buffer.from('dropped.bin').toString('base64')},folder ${Buffer.from('Resume').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base);

    // Send part of the bytes, then cut the connection.
    const sent = 100_000;
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: {
          ...as.root,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.write(data.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });

    // The server keeps what arrived; wait until it has released the interrupted request.
    let offset = -1;
    for (let attempt = 0; attempt < 50 && offset < 0; attempt += 1) {
      const head = await tusHead(url.pathname, as.root);
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);

    const result = await runUpload(data, { filename: 'dropped.bin', folder: 'Resume' }, as.root, {
      uploadUrl: url.toString(),
    });
    expect(result.ok).toBe(true);
    expect(result.progress[0]).toBeGreaterThanOrEqual(offset);
    expect((await stored('documents/Resume/dropped.bin'))?.equals(data)).toBe(true);
  });

  it("refuses 5 MB + 1 byte with 'File size too large' and stores nothing; accepts exactly 5 MB", async () => {
    const before = await filesStored();
    const tooLarge = await runUpload(Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1), {
      filename: 'big.pdf',
      folder: 'Big',
    });
    expect(tooLarge.ok).toBe(false);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File size too large',
      key: 'materials.fileTooLarge',
    });
    expect(await filesStored()).toEqual(before);

    const exact = Buffer.alloc(UPLOAD_LIMIT_BYTES, 2);
    const ok = await runUpload(exact, { filename: 'exact.pdf', folder: 'Big' }, as.root, {
      chunkSize: 1024 * 1024,
    });
    expect(ok.ok).toBe(true);
    expect((await stored('documents/Big/exact.pdf'))?.length).toBe(UPLOAD_LIMIT_BYTES);
  });

  it('refuses an upload without a declared length', async () => {
    const res = await fetch(ENDPOINT(), {
      method: 'POST',
      headers: {
        ...as.root,
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': `filename ${Buffer.from('x.pdf').toString('base64')},folder ${Buffer.from('F').toString('base64')}`,
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('LENGTH_REQUIRED');
  });

  it('refuses traversal and invalid names with 400 and writes nothing', async () => {
    await expectRefused('INVALID_NAME', [
      { filename: '../../x.pdf', folder: 'F' },
      { filename: 'a/b', folder: 'F' },
      { filename: '..', folder: 'F' },
      { filename: 'a\\b.pdf', folder: 'F' },
      { filename: 'x\u0001.pdf', folder: 'F' },
      { filename: 'x\u009b.pdf', folder: 'F' },
      { filename: '.htaccess', folder: 'F' },
      { filename: 'x.pdf', folder: '..' },
      { filename: 'x.pdf', folder: '../../etc' },
      { filename: 'x.pdf', folder: 'F', subfolder: '..' },
      { filename: 'x.pdf', folder: 'F', subfolder: 'a/b' },
      { filename: 'x.pdf', folder: 'x'.repeat(121) },
      { filename: 'x.pdf' },
      { folder: 'F' },
    ]);
  });

  it("refuses a top-level folder 'upload' and a subfolder 'edit', whose pages the fixed addresses hide", async () => {
    await expectRefused('NAME_RESERVED', [
      { filename: 'x.pdf', folder: 'Upload' },
      { filename: 'x.pdf', folder: 'F', subfolder: 'edit' },
    ]);
  });

  it("gives another user's upload URL a 404 on HEAD, PATCH and DELETE, and leaves the upload intact", async () => {
    const data = randomBytes(CHUNK * 2);
    const url = await uploadFirstChunkOnly(data, { filename: 'mine.bin', folder: 'Owned' });
    const tus = { 'tus-resumable': '1.0.0' };
    expect((await tusHead(url, as.otherRoot)).status).toBe(404);
    const patch = await fetch(new URL(url, base), {
      method: 'PATCH',
      headers: {
        ...as.otherRoot,
        ...tus,
        'upload-offset': String(CHUNK),
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(CHUNK, 9),
    });
    expect(patch.status).toBe(404);
    expect(await patch.json()).toEqual({
      message: 'Upload not found',
      key: 'errors.uploadNotFound',
      code: 'UPLOAD_NOT_FOUND',
    });
    const del = await fetch(new URL(url, base), { method: 'DELETE', headers: { ...as.otherRoot, ...tus } });
    expect(del.status).toBe(404);
    // Without a token, or with a role that may not upload, nothing reaches the upload either.
    expect((await tusHead(url, {})).status).toBe(401);
    expect((await tusHead(url, as.admin)).status).toBe(403);

    const own = await tusHead(url, as.root);
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe(String(CHUNK));
    const result = await runUpload(data, { filename: 'mine.bin', folder: 'Owned' }, as.root, {
      uploadUrl: url,
    });
    expect(result.ok).toBe(true);
    expect((await stored('documents/Owned/mine.bin'))?.equals(data)).toBe(true);
  });

  it('lets its owner cancel an upload with DELETE', async () => {
    const url = await uploadFirstChunkOnly(randomBytes(CHUNK * 2), {
      filename: 'cancel.bin',
      folder: 'Owned',
    });
    const del = await fetch(new URL(url, base), {
      method: 'DELETE',
      headers: { ...as.root, 'tus-resumable': '1.0.0' },
    });
    expect(del.status).toBe(204);
    expect((await tusHead(url, as.root)).status).toBe(404);
    expect((await filesStored()).filter((f) => f.startsWith('material-uploads-in-progress'))).toEqual([]);
  });

  it('lets only a super admin create uploads', async () => {
    for (const [headers, status] of [
      [as.admin, 403],
      [as.facilitator, 403],
      [{}, 401],
    ] as const) {
      const result = await runUpload(Buffer.from('data'), { filename: 'x.pdf', folder: 'F' }, headers);
      expect(result.status).toBe(status);
    }
    expect(await stored('documents/F/x.pdf')).toBeNull();
  });

  it('refuses a name already taken, at creation and again when the last byte arrives', async () => {
    await putMaterial(ctx.storage, 'documents/Taken/report.pdf', 'original');
    const early = await runUpload(Buffer.from('new'), { filename: 'report.pdf', folder: 'Taken' });
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body)).toEqual({
      code: 'FILE_EXISTS',
      message: 'A file with this name already exists in this folder',
      key: 'materials.fileExists',
    });

    // Two uploads of one name: the second to finish is refused and the first one's bytes stay.
    const first = randomBytes(CHUNK * 2);
    const second = randomBytes(CHUNK * 2);
    const secondUrl = await uploadFirstChunkOnly(second, { filename: 'race.pdf', folder: 'Taken' });
    expect((await runUpload(first, { filename: 'race.pdf', folder: 'Taken' })).ok).toBe(true);
    const late = await runUpload(second, { filename: 'race.pdf', folder: 'Taken' }, as.root, {
      uploadUrl: secondUrl,
    });
    expect(late.status).toBe(409);
    expect(JSON.parse(late.body).code).toBe('FILE_EXISTS');
    expect((await stored('documents/Taken/race.pdf'))?.equals(first)).toBe(true);
    expect((await stored('documents/Taken/report.pdf'))?.toString()).toBe('original');
    expect((await filesStored()).filter((f) => f.startsWith('material-uploads-in-progress'))).toEqual([]);
  });
});
