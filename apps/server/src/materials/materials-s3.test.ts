import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { MaterialFolderReply } from '@playshop/shared';
import { type DetailedError, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../storage/s3-storage';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { S3RVER_KEYS, startS3rver } from '../test/s3rver';

/**
 * One pass of the materials API on an S3-compatible store (s3rver on loopback): upload in chunks
 * through tus-js-client, list, rename the subfolder, download through a signed link, delete.
 * Every rule is tested on the disk store in the other files; this proves the S3 store carries them.
 */
const BUCKET = 'playshop-materials';
let server: Awaited<ReturnType<typeof startS3rver>>;
let ctx: TestContext;
let base: string;
let root: Record<string, string>;

beforeAll(async () => {
  server = await startS3rver(BUCKET);
  ctx = await createTestContext({
    storage: s3Storage({ endpoint: server.endpoint, region: 'us-east-1', bucket: BUCKET, ...S3RVER_KEYS }),
  });
  const org = await createOrg(ctx.database);
  root = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const api = async <T = Record<string, unknown>>(method: string, url: string, body?: unknown) => {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...root, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
};

describe('materials on S3', () => {
  it('uploads, lists, renames, downloads and deletes', async () => {
    const data = randomBytes(600 * 1024);
    const body = await new Promise<string>((resolve, reject) => {
      new Upload(data, {
        endpoint: `${base}/api/v1/material-uploads`,
        headers: root,
        metadata: { filename: 'Guide (v1).pdf', folder: 'Demo Workshop', subfolder: 'Handouts' },
        chunkSize: 256 * 1024,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
        onError: (error) =>
          reject(new Error((error as DetailedError).originalResponse?.getBody() ?? error.message)),
      }).start();
    });
    const { file } = JSON.parse(body);
    expect(file).toMatchObject({
      bucket: BUCKET,
      name: 'Guide (v1).pdf',
      fullPath: 'documents/Demo Workshop/Handouts/Guide (v1).pdf',
      size: data.length,
      contentType: 'application/pdf',
      md5Hash: createHash('md5').update(data).digest('base64'),
      customMetadata: { 'original-name': 'Guide (v1).pdf' },
    });

    expect((await api('GET', '/materials/folders')).body.folders).toEqual([
      { name: 'Demo Workshop', path: 'Demo Workshop' },
    ]);
    const renamed = await api('POST', '/rename-folder', {
      oldFolderPath: 'Demo Workshop/Handouts',
      newFolderPath: 'Demo Workshop/Worksheets',
    });
    expect(renamed.status).toBe(200);
    const folder = await api<MaterialFolderReply>(
      'GET',
      `/materials/folders/${encodeURIComponent('Demo Workshop')}/Worksheets`,
    );
    expect(folder.body.files.map((f) => f.name)).toEqual(['Guide (v1).pdf']);

    const link = await api<{ url: string }>('POST', '/materials/download-link', {
      filePath: 'documents/Demo Workshop/Worksheets/Guide (v1).pdf',
    });
    const download = await fetch(new URL(link.body.url, base));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment;');
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);

    expect((await api('POST', '/delete-folder', { folderPath: 'Demo Workshop' })).body).toEqual({
      message: 'Folder deleted successfully',
      deleted: 1,
    });
    expect((await api('GET', '/materials/folders')).body.folders).toEqual([]);
  });
});
