import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3RVER_KEYS, startS3rver } from '../test/s3rver';
import { createStorage } from './create-storage';
import { localDiskStorage } from './local-disk-storage';
import { checkS3Bucket, s3Failure, s3Storage } from './s3-storage';
import type { Storage } from './storage';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'playshop-storage-src-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let sourceCount = 0;
/** A file on disk with these bytes, as tus leaves an upload. */
async function sourceFile(bytes: Buffer | string): Promise<string> {
  const file = path.join(scratch, `source-${++sourceCount}`);
  await writeFile(file, bytes);
  return file;
}

interface StoreUnderTest {
  name: string;
  create(): Promise<{ storage: Storage; close(): Promise<void> }>;
  /** A store on which any I/O would fail: key checks must answer before reaching it. */
  unreachable(): Storage;
}

const localDisk: StoreUnderTest = {
  name: 'local disk',
  async create() {
    const root = await mkdtemp(path.join(tmpdir(), 'playshop-storage-'));
    return { storage: localDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
  },
  // Below a file: every fs call fails with ENOTDIR (a 409), never with INVALID_FILE_NAME.
  unreachable: () => localDiskStorage('/dev/null/files'),
};

const S3_BUCKET = 'playshop-test';
const S3_KEYS = S3RVER_KEYS;

const s3: StoreUnderTest = {
  name: 'S3 (s3rver)',
  async create() {
    const server = await startS3rver(S3_BUCKET);
    const storage = s3Storage({
      endpoint: server.endpoint,
      region: 'us-east-1',
      bucket: S3_BUCKET,
      ...S3_KEYS,
    });
    return { storage, close: server.close };
  },
  // Nothing listens on port 9 of loopback: any request fails to connect.
  unreachable: () =>
    s3Storage({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEYS }),
};

/** One behaviour, every store: what the materials and uploads code may rely on. */
describe.each([localDisk, s3])('storage contract: $name', (store) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await store.create());
  });
  afterAll(() => close());
  beforeEach(async () => {
    for (const top of ['documents/', 'content-images/']) await storage.deletePrefix(top);
  });

  const put = async (
    key: string,
    bytes: Buffer | string = `bytes of ${key}`,
    metadata?: Record<string, string>,
  ) => storage.putFile(key, await sourceFile(bytes), 'application/pdf', metadata);

  it('stores bytes and gives them back with type, size, md5, times and custom metadata', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const key = 'documents/Demo Workshop (2024)/Intro – Ünïcode.pdf';
    const before = Date.now();
    const put = await storage.putFile(key, await sourceFile(bytes), 'application/pdf', {
      'uploaded-by': 'admin@playshop.test',
      'original-name': 'Intro – Ünïcode.pdf',
    });
    expect(put).toMatchObject({
      key,
      size: bytes.length,
      contentType: 'application/pdf',
      md5Hash: md5Base64(bytes),
    });

    const found = await storage.get(key);
    expect(found).not.toBeNull();
    expect((await readAll(found!.stream)).equals(bytes)).toBe(true);
    const head = await storage.head(key);
    for (const object of [found!.object, head!]) {
      expect(object).toMatchObject({
        key,
        size: bytes.length,
        contentType: 'application/pdf',
        md5Hash: md5Base64(bytes),
        metadata: { 'uploaded-by': 'admin@playshop.test', 'original-name': 'Intro – Ünïcode.pdf' },
      });
      // Stores keep whole seconds at worst.
      expect(object.createdAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(object.updatedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(storage.bucket).toBeTruthy();
  });

  it('replaces an object on a second put, metadata included', async () => {
    await put('documents/A/x.pdf', 'first', { version: '1' });
    await put('documents/A/x.pdf', 'second version');
    const found = await storage.get('documents/A/x.pdf');
    expect((await readAll(found!.stream)).toString()).toBe('second version');
    expect(found!.object).toMatchObject({
      size: 14,
      md5Hash: md5Base64(Buffer.from('second version')),
      metadata: {},
    });
  });

  it('answers null for a missing object, in a missing or an existing folder', async () => {
    await put('documents/A/x.pdf');
    expect(await storage.get('documents/A/missing.pdf')).toBeNull();
    expect(await storage.head('documents/A/missing.pdf')).toBeNull();
    expect(await storage.get('documents/Nowhere/missing.pdf')).toBeNull();
    // A folder is not an object.
    expect(await storage.head('documents/A')).toBeNull();
  });

  it('lists every object under a prefix at any depth, sorted by key, with sizes', async () => {
    await put('documents/Demo/b.pdf', 'bb');
    await put('documents/Demo/Handouts/a.pdf', 'a');
    await put('documents/Demo/a.pdf', 'aaa');
    await put('documents/Demo Workshop/c.pdf', 'c');
    const listed = await storage.list('documents/Demo/');
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      ['documents/Demo/Handouts/a.pdf', 1],
      ['documents/Demo/a.pdf', 3],
      ['documents/Demo/b.pdf', 2],
    ]);
    expect(listed[1]).toMatchObject({
      contentType: 'application/pdf',
      md5Hash: md5Base64(Buffer.from('aaa')),
    });
    expect((await storage.list('documents/')).map((o) => o.key)).toContain('documents/Demo Workshop/c.pdf');
    expect(await storage.list('documents/Empty/')).toEqual([]);
  });

  it('deletes one object, and deleting it again is no error', async () => {
    await put('documents/A/x.pdf');
    await put('documents/A/y.pdf');
    await storage.delete('documents/A/x.pdf');
    await storage.delete('documents/A/x.pdf');
    await storage.delete('documents/Never/was.pdf');
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual(['documents/A/y.pdf']);
  });

  it('deletes a folder with everything inside, leaving a sibling that shares its name prefix', async () => {
    await put('documents/Demo/a.pdf');
    await put('documents/Demo/Handouts/b.pdf');
    await put('documents/Demo/Handouts/Deep/c.pdf');
    await put('documents/Demo Workshop/keep.pdf');
    await put('documents/Demo.pdf');
    expect(await storage.deletePrefix('documents/Demo/')).toBe(3);
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual([
      'documents/Demo Workshop/keep.pdf',
      'documents/Demo.pdf',
    ]);
    expect(await storage.deletePrefix('documents/Demo/')).toBe(0);
  });

  it('renames a folder with nested files, keeping bytes and metadata, and leaves siblings alone', async () => {
    await put('documents/Demo/a.pdf', 'A', { 'uploaded-by': 'x' });
    await put('documents/Demo/Handouts/b.pdf', 'B');
    await put('documents/Demo Workshop/keep.pdf');
    expect(await storage.renamePrefix('documents/Demo/', 'documents/Renamed (2024)/')).toBe(2);
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual([
      'documents/Demo Workshop/keep.pdf',
      'documents/Renamed (2024)/Handouts/b.pdf',
      'documents/Renamed (2024)/a.pdf',
    ]);
    const moved = await storage.get('documents/Renamed (2024)/a.pdf');
    expect((await readAll(moved!.stream)).toString()).toBe('A');
    expect(moved!.object).toMatchObject({
      metadata: { 'uploaded-by': 'x' },
      md5Hash: md5Base64(Buffer.from('A')),
    });
    expect(await storage.head('documents/Demo/a.pdf')).toBeNull();
  });

  it('refuses to rename onto a folder that has anything in it, and changes nothing', async () => {
    await put('documents/A/a.pdf');
    await put('documents/B/Deep/b.pdf');
    await expect(storage.renamePrefix('documents/A/', 'documents/B/')).rejects.toMatchObject({
      name: 'StorageError',
      code: 'FOLDER_EXISTS',
    });
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual([
      'documents/A/a.pdf',
      'documents/B/Deep/b.pdf',
    ]);
    // A folder whose last file was deleted is gone, so renaming onto it works.
    await storage.delete('documents/B/Deep/b.pdf');
    expect(await storage.renamePrefix('documents/A/', 'documents/B/')).toBe(1);
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual(['documents/B/a.pdf']);
  });

  it('rejects unsafe keys and prefixes before touching the store', async () => {
    const source = await sourceFile('x');
    const storage = store.unreachable();
    // The store really is unreachable: a safe key fails for another reason.
    const safe = await storage.putFile('documents/ok.pdf', source, 'application/pdf').catch((e) => e);
    expect(safe).toBeInstanceOf(Error);
    expect(safe.code).not.toBe('INVALID_FILE_NAME');
    for (const bad of [
      '../x.pdf',
      'documents/../../etc/passwd',
      '/etc/passwd',
      'documents//x.pdf',
      'documents/.hidden',
      'documents/.x.pdf.meta.json',
      'documents/a\\b.pdf',
      'documents/a\u0000b.pdf',
      'documents/a\u007fb.pdf',
      'documents/a\u0085b.pdf',
      `documents/${'n'.repeat(121)}.pdf`,
      '',
    ]) {
      await expect(storage.putFile(bad, source, 'application/pdf'), bad).rejects.toMatchObject({
        name: 'StorageError',
        code: 'INVALID_FILE_NAME',
      });
      await expect(storage.get(bad), bad).rejects.toMatchObject({ code: 'INVALID_FILE_NAME' });
      await expect(storage.delete(bad), bad).rejects.toMatchObject({ code: 'INVALID_FILE_NAME' });
    }
    for (const bad of ['documents', '../', 'documents/../', '/', '']) {
      await expect(storage.list(bad), bad).rejects.toMatchObject({ code: 'INVALID_FILE_NAME' });
      await expect(storage.deletePrefix(bad), bad).rejects.toMatchObject({ code: 'INVALID_FILE_NAME' });
      await expect(storage.renamePrefix('documents/A/', bad), bad).rejects.toMatchObject({
        code: 'INVALID_FILE_NAME',
      });
    }
    await expect(storage.renamePrefix('documents/A/', 'documents/A/Inner/')).rejects.toMatchObject({
      name: 'StorageError',
    });
  });
});

describe('local disk layout', () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'playshop-storage-layout-'));
    storage = localDiskStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps each file at its key with a dot-named sidecar that list() never shows', async () => {
    await storage.putFile('documents/A/x.pdf', await sourceFile('x'), 'application/pdf', { a: '1' });
    expect((await readdir(path.join(root, 'documents/A'))).sort()).toEqual(['.x.pdf.meta.json', 'x.pdf']);
    expect((await storage.list('documents/')).map((o) => o.key)).toEqual(['documents/A/x.pdf']);
  });

  it('describes a file that has no sidecar from what the disk knows', async () => {
    await writeFile(path.join(root, 'documents/A/by-hand.pdf'), 'hand');
    await writeFile(path.join(root, 'documents/A/.put-leftover.part'), 'half');
    const object = await storage.head('documents/A/by-hand.pdf');
    expect(object).toMatchObject({ size: 4, contentType: 'application/pdf', md5Hash: null, metadata: {} });
    expect(object!.createdAt).toBeInstanceOf(Date);
    expect((await storage.list('documents/A/')).map((o) => o.key)).toEqual([
      'documents/A/by-hand.pdf',
      'documents/A/x.pdf',
    ]);
  });

  it('removes a folder directory when its last file is deleted', async () => {
    await storage.putFile('documents/Gone/Deep/x.pdf', await sourceFile('x'), 'application/pdf');
    await storage.delete('documents/Gone/Deep/x.pdf');
    expect(await readdir(path.join(root, 'documents'))).not.toContain('Gone');
  });
});

describe('S3 store specifics', () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  const options = () => ({ endpoint: server.endpoint, region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEYS });
  beforeAll(async () => {
    server = await startS3rver(S3_BUCKET);
  });
  afterAll(() => server.close());

  it('says which variables to check when the credentials are wrong', async () => {
    // s3rver checks the access key id but not SigV4 signatures, so a wrong key id stands in for a
    // wrong secret here; real S3 answers SignatureDoesNotMatch, mapped below.
    const storage = s3Storage({ ...options(), accessKeyId: 'NOT-A-KEY', secretAccessKey: 'not-the-secret' });
    const source = await sourceFile('x');
    for (const attempt of [
      () => storage.putFile('documents/A/x.pdf', source, 'application/pdf'),
      () => storage.get('documents/A/x.pdf'),
      () => storage.head('documents/A/x.pdf'),
      () => storage.list('documents/'),
      () => storage.deletePrefix('documents/'),
    ]) {
      const error = await attempt().catch((e) => e);
      expect(error).toMatchObject({ code: 'STORAGE_UNAUTHORIZED', name: 'StorageError' });
      expect(error.message).toContain('S3_SECRET_ACCESS_KEY');
    }
    await expect(checkS3Bucket({ ...options(), accessKeyId: 'NOT-A-KEY' })).rejects.toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  it('maps what real S3 answers to a wrong secret, a full store and a timeout', () => {
    const s3Error = (name: string, httpStatusCode: number) =>
      new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode } });
    expect(s3Failure(s3Error('SignatureDoesNotMatch', 403), 'b')).toMatchObject({
      code: 'STORAGE_UNAUTHORIZED',
      message: expect.stringContaining('S3_SECRET_ACCESS_KEY'),
    });
    expect(s3Failure(s3Error('AccessDenied', 403), 'b')).toMatchObject({ code: 'STORAGE_UNAUTHORIZED' });
    expect(s3Failure(s3Error('QuotaExceeded', 403), 'b')).toMatchObject({
      code: 'STORAGE_FULL',
      name: 'StorageError',
    });
    expect(s3Failure(s3Error('SlowDown', 503), 'b')).toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
      name: 'StorageError',
    });
    expect(s3Failure(Object.assign(new Error('aborted'), { name: 'AbortError' }), 'b')).toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
  });

  it('stops start-up naming S3_BUCKET when the bucket does not exist, and passes for one that does', async () => {
    await expect(checkS3Bucket({ ...options(), bucket: 'no-such-bucket' })).rejects.toThrow(
      /"no-such-bucket".*does not exist \(S3_BUCKET\)/,
    );
    await expect(checkS3Bucket(options())).resolves.toBeUndefined();
  });

  it('lists, renames and deletes folders of more than one page (1000 keys)', async () => {
    const storage = s3Storage(options());
    const source = await sourceFile('p');
    const keys = Array.from({ length: 1003 }, (_, i) => `documents/Big/${String(i).padStart(4, '0')}.pdf`);
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(keys.slice(i, i + 25).map((key) => storage.putFile(key, source, 'application/pdf')));
    }
    expect((await storage.list('documents/Big/')).map((o) => o.key)).toEqual(keys);
    expect(await storage.renamePrefix('documents/Big/', 'documents/Bigger/')).toBe(1003);
    expect(await storage.list('documents/Big/')).toEqual([]);
    expect(await storage.deletePrefix('documents/Bigger/')).toBe(1003);
    expect(await storage.list('documents/')).toEqual([]);
  }, 120_000);
});

describe('createStorage', () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    server = await startS3rver(S3_BUCKET);
  });
  afterAll(() => server.close());

  it('uses DATA_DIR/files without S3 settings and the bucket with them, logging which, never the secret', async () => {
    const logged: unknown[] = [];
    const log = { info: (details: object, message: string) => logged.push({ ...details, message }) };
    const local = await createStorage({ dataDir: scratch, s3: undefined }, log);
    expect(local.bucket).toBe('local');
    const s3Config = { endpoint: server.endpoint, region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEYS };
    const remote = await createStorage({ dataDir: scratch, s3: s3Config }, log);
    expect(remote.bucket).toBe(S3_BUCKET);
    expect(logged).toEqual([
      { store: 'local', root: path.join(scratch, 'files'), message: 'file storage: local disk' },
      {
        store: 's3',
        endpoint: server.endpoint,
        region: 'us-east-1',
        bucket: S3_BUCKET,
        message: 'file storage: S3',
      },
    ]);
  });
});
