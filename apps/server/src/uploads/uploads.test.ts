import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMIT_BYTES } from '@playshop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentService } from '../content/service';
import { assertSafeKey } from '../storage/storage';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { filesOnDisk } from '../test/files-on-disk';
import { imageOf, pngDeclaring, pngWithChunk } from '../test/images';
import { sniffImage } from './sniff';
import { UNFINISHED_UPLOAD_TTL_MS } from './tus-endpoint';

let ctx: TestContext;
let root: Record<string, string>;
let admin: Record<string, string>;

/** A real 8×8 PNG, `size` bytes long (a chunk decoders skip fills the rest). */
let smallPng: Buffer;
const png = (size?: number) => pngWithChunk(smallPng, 'filler', size);
const b64 = (v: string) => Buffer.from(v).toString('base64');

beforeAll(async () => {
  smallPng = await imageOf('png', 8, 8);
  ctx = await createTestContext();
  const org = await createOrg(ctx.database);
  root = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
  admin = (await signInNewUser(ctx, 'ADMIN', org.id)).headers;
});
afterAll(() => ctx.close());

/** A whole tus upload: creation, then one PATCH with every byte. */
async function upload(
  bytes: Buffer,
  meta: Record<string, string> = { folder: 'content-images', filename: 'photo.png' },
  headers: Record<string, string> = root,
) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
  if (created.statusCode !== 201) return created;
  const location = created.headers.location as string;
  expect(location).toMatch(/^\/api\/v1\/uploads\/[a-f0-9]+$/);
  return ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

const storedFiles = () => filesOnDisk(ctx.dataDir);

describe('tus uploads of content and answer images', () => {
  it('stores a PNG under content-images/ and serves it with its type and nosniff', async () => {
    const bytes = png(300_000);
    const res = await upload(bytes);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/v1\/files\/content-images\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // What is served is the image drawn again: the same pixels, none of the uploaded file's extras.
    expect(served.rawPayload.equals(bytes)).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
    expect(served.rawPayload.includes('filler')).toBe(false);
    // The tus working copy is gone once the image is in storage.
    expect((await storedFiles()).filter((f) => f.startsWith('uploads-in-progress'))).toEqual([]);
  });

  it('stores answer images under answer-images/ and accepts JPEG, GIF and WebP by their bytes', async () => {
    const jpeg = await imageOf('jpeg', 16, 16);
    const res = await upload(jpeg, { folder: 'answer-images', filename: 'a.bin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/api\/v1\/files\/answer-images\/[0-9a-f-]{36}\.jpg$/);
    expect((await ctx.app.inject({ url: res.json().url })).headers['content-type']).toBe('image/jpeg');
    for (const [format, ext] of [
      ['gif', 'gif'],
      ['webp', 'webp'],
    ] as const) {
      const res = await upload(await imageOf(format, 16, 16), { folder: 'answer-images', filename: 'a.bin' });
      expect(res.statusCode, format).toBe(200);
      expect(res.json().url).toMatch(new RegExp(`\\.${ext}$`));
    }
    expect(sniffImage(Buffer.from('GIF89a....'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });

  it("accepts exactly 5 MB and refuses 5 MB + 1 byte with 'File size too large'", async () => {
    expect((await upload(png(UPLOAD_LIMIT_BYTES))).statusCode).toBe(200);
    const before = await storedFiles();
    const res = await upload(png(UPLOAD_LIMIT_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File size too large',
      key: 'content.fileTooLarge',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a 45-byte PNG declaring 65,535 × 65,535 pixels with a 400 that says so, and keeps nothing', async () => {
    const before = await storedFiles();
    const bomb = pngDeclaring(65_535, 65_535);
    expect(bomb.length).toBe(45);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'The image is 65535 × 65535 pixels: at most 4096 pixels a side',
      key: 'content.imageTooLarge',
      params: { width: 65_535, height: 65_535, max: 4096 },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('takes 4,096 pixels a side and refuses 4,097; refuses a PNG whose pixels cannot be read', async () => {
    expect((await upload(await imageOf('png', 4096, 1))).statusCode).toBe(200);
    const wide = await upload(await imageOf('png', 1, 4097));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().code).toBe('IMAGE_TOO_LARGE');
    // A real header and signature, then no image data: nothing to draw again.
    const headerOnly = await upload(pngDeclaring(64, 64));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json()).toMatchObject({ code: 'NOT_AN_IMAGE', key: 'content.imageUnreadable' });
  });

  it('serves a photo without the metadata it came with (a location, a comment)', async () => {
    const photo = await sharp(await imageOf('jpeg', 32, 32))
      .withExif({ IFD0: { ImageDescription: 'home-address-secret' } })
      .toBuffer();
    expect(photo.includes('home-address-secret')).toBe(true);
    const res = await upload(photo, { folder: 'content-images', filename: 'p.jpg' });
    expect(res.statusCode).toBe(200);
    const served = await ctx.app.inject({ url: res.json().url });
    expect(served.rawPayload.includes('home-address-secret')).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 32 });
  });

  it('refuses a non-image renamed .png, and keeps nothing of it', async () => {
    const before = await storedFiles();
    const res = await upload(Buffer.from('#!/bin/sh\necho not an image\n'), {
      folder: 'content-images',
      filename: 'evil.png',
      filetype: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('NOT_AN_IMAGE');
    expect(await storedFiles()).toEqual(before);
  });

  it('ignores a path-traversal file name: the image gets a random name inside its folder', async () => {
    const res = await upload(png(1000), { folder: 'content-images', filename: '../../../jwt-secret.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/api\/v1\/files\/content-images\/[0-9a-f-]{36}\.png$/);
    const files = await storedFiles();
    expect(files.filter((f) => f.includes('jwt-secret'))).toEqual([]);
    expect(
      files.every((f) => /^files\/(content|answer)-images\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(f)),
    ).toBe(true);
  });

  it('refuses a folder other than content-images and answer-images', async () => {
    const res = await upload(png(), { folder: '../documents', filename: 'x.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_FOLDER');
  });

  it('serves nothing outside the image folders', async () => {
    for (const url of [
      '/api/v1/files/content-images/..%2F..%2Fjwt-secret',
      '/api/v1/files/content-images/%2e%2e',
      '/api/v1/files/documents/x.png',
      '/api/v1/files/content-images/missing.png',
    ]) {
      expect([400, 404]).toContain((await ctx.app.inject({ url })).statusCode);
    }
  });

  it('lets only a super admin upload', async () => {
    expect((await upload(png(), undefined, admin)).statusCode).toBe(403);
    expect((await upload(png(), undefined, {})).statusCode).toBe(401);
  });
});

describe('storage keys', () => {
  it('accepts folder/name keys and rejects traversal, absolute paths and control characters', () => {
    expect(() => assertSafeKey('content-images/a1.png')).not.toThrow();
    expect(() => assertSafeKey('documents/Folder 1/Sub/report.pdf')).not.toThrow();
    expect(() => assertSafeKey('documents/Demo Workshop (2024)/Intro – Ünïcode.pdf')).not.toThrow();
    for (const bad of ['../x', 'a/../b', '/etc/passwd', 'a//b', 'a\\b', 'a/.', 'a/b\u0000c', 'a/b\nc', '']) {
      expect(() => assertSafeKey(bad), bad).toThrow('Invalid file name');
    }
  });
});

describe('abandoned uploads', () => {
  /** Starts an upload and sends no byte: what a closed tab leaves behind. Returns its id. */
  async function startUpload(app = ctx.app) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...root,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `folder ${b64('content-images')}`,
      },
    });
    expect(res.statusCode).toBe(201);
    return (res.headers.location as string).split('/').pop() as string;
  }
  const inProgress = async () => (await readdir(path.join(ctx.dataDir, 'uploads-in-progress'))).sort();
  /** Moves an upload's creation back past the time limit, as if it had been started over a day ago. */
  async function age(id: string) {
    const info = path.join(ctx.dataDir, 'uploads-in-progress', `${id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8'));
    upload.creation_date = new Date(Date.now() - UNFINISHED_UPLOAD_TTL_MS - 60_000).toISOString();
    await writeFile(info, JSON.stringify(upload));
  }

  it('are removed when a day old, at start-up and then every hour; younger ones stay', async () => {
    const stale = await startUpload();
    const fresh = await startUpload();
    await age(stale);
    // A second server on the same DATA_DIR sweeps when it starts; its hourly timer is faked.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const second = await createTestContext({ env: { DATA_DIR: ctx.dataDir } });
    try {
      expect(await inProgress()).toEqual([fresh, `${fresh}.json`].sort());
      const later = await startUpload();
      await age(fresh);
      vi.advanceTimersByTime(60 * 60_000);
      await vi.waitFor(async () => expect(await inProgress()).toEqual([later, `${later}.json`].sort()));
    } finally {
      await second.close();
      vi.useRealTimers();
    }
    // The swept upload cannot be resumed.
    const resumed = await ctx.app.inject({
      method: 'HEAD',
      url: `/api/v1/uploads/${stale}`,
      headers: { ...root, 'tus-resumable': '1.0.0' },
    });
    expect(resumed.statusCode).toBe(404);
  });
});

describe('images nobody saved', () => {
  it('are removed once older than the limit; images an item or answer names stay', async () => {
    const url = async () => (await upload(png())).json().url as string;
    const [kept, answerImage, unused] = [await url(), await url(), await url()];
    const category = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/createcategory',
      headers: root,
      payload: { name: 'Sweep test' },
    });
    const categoryId = category.json().id as number;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/create-content',
      headers: root,
      payload: { title: 'Poster', description: 'd', categoryId, type: 'IMAGE', image: kept },
    });
    expect(created.statusCode).toBe(201);
    const question = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/create-content',
      headers: root,
      payload: {
        title: 'Pick one',
        description: 'd',
        categoryId,
        type: 'QUESTION',
        question: 'Which?',
        answers: [
          { name: 'This', url: answerImage, isCorrect: true },
          { name: 'That', url: null, isCorrect: false },
        ],
      },
    });
    expect(question.statusCode).toBe(201);
    const served = async (u: string) => (await ctx.app.inject({ url: u })).statusCode;
    // The app's hourly sweep runs this same service over the same database and files.
    const content = contentService(ctx.database.db, ctx.storage);

    // Younger than the limit: nothing goes.
    expect(await content.sweepUnusedImages(new Date(Date.now() - 60_000))).toBe(0);
    expect(await served(unused)).toBe(200);

    // Older (the limit moved past them): only the image no item names goes.
    expect(await content.sweepUnusedImages(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(kept)).toBe(200);
    expect(await served(answerImage)).toBe(200);
  });
});
