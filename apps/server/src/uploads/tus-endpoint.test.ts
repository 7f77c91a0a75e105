import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { UPLOAD_OWNER_KEY } from './tus-endpoint';

/**
 * The image upload endpoint (content and answer images) checks every tus request like the materials
 * one: an upload belongs to the user who created it (material-uploads.test.ts covers it with a real client).
 */
let ctx: TestContext;
let owner: Record<string, string>;
let otherSuperAdmin: Record<string, string>;
let ownerId: number;

/** A real 1×1 PNG (an upload is decoded and drawn again when it completes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const b64 = (value: string) => Buffer.from(value).toString('base64');
const tus = { 'tus-resumable': '1.0.0' };

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await createOrg(ctx.database);
  const signedIn = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
  ownerId = signedIn.user.id;
  owner = signedIn.headers;
  otherSuperAdmin = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
});
afterAll(() => ctx.close());

async function createUpload(metadata: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...owner, ...tus, 'upload-length': String(PNG.length), 'upload-metadata': metadata },
  });
  expect(res.statusCode).toBe(201);
  return res.headers.location as string;
}

const patch = (url: string, headers: Record<string, string>, offset = 0) =>
  ctx.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...headers,
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: PNG.subarray(offset),
  });

describe('image uploads belong to the user who created them', () => {
  it("answers another super admin's HEAD, PATCH and DELETE with 404 and lets the owner finish", async () => {
    const url = await createUpload(`folder ${b64('content-images')}`);
    for (const res of [
      await ctx.app.inject({ method: 'HEAD', url, headers: { ...otherSuperAdmin, ...tus } }),
      await patch(url, otherSuperAdmin),
      await ctx.app.inject({ method: 'DELETE', url, headers: { ...otherSuperAdmin, ...tus } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url, headers: { ...owner, ...tus } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    const done = await patch(url, owner);
    expect(done.statusCode).toBe(200);
    expect(done.json().url).toMatch(/^\/api\/v1\/files\/content-images\/[0-9a-f-]{36}\.png$/);
  });

  it('records the owner itself, whatever owner the client claims in its metadata', async () => {
    const url = await createUpload(`folder ${b64('answer-images')},${UPLOAD_OWNER_KEY} ${b64('999999')}`);
    const head = await ctx.app.inject({ method: 'HEAD', url, headers: { ...owner, ...tus } });
    expect(head.statusCode).toBe(200);
    expect(String(head.headers['upload-metadata'])).toContain(`${UPLOAD_OWNER_KEY} ${b64(String(ownerId))}`);
  });
});
