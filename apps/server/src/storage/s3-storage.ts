import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { message } from '@playshop/shared';
import { ConfigError } from '../config';
import { contentTypeOf } from './content-types';
import { StorageError } from './errors';
import { assertFolderPrefix, assertMetadata, assertSafeKey, compareKeys } from './keys';
import { type Storage, type StoredObject, translatingErrors } from './storage';

interface S3StorageOptions {
  /** An S3-compatible server (MinIO, Ceph, R2, …); AWS itself when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** SPEC §9: storage retry limits are 2 minutes for operations and 10 minutes for uploads. */
const OPERATION_DEADLINE_MS = 2 * 60_000;
const UPLOAD_DEADLINE_MS = 10 * 60_000;
const UPLOAD_ATTEMPTS = 3;
/** SPEC §9 list max results 1–1000; 1000 is also the most DeleteObjects takes at once. */
const PAGE_SIZE = 1000;
/** Copies in flight during a folder rename. */
const COPY_CONCURRENCY = 8;

const deadline = (ms: number) => ({ abortSignal: AbortSignal.timeout(ms) });

/** S3's error name, also for errors without a body (HEAD answers 404 or 403 with no XML). */
function s3ErrorName(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as Partial<S3ServiceException>).$metadata?.httpStatusCode;
  if (error.name === 'Unknown' || error.name === 'UnknownError') {
    if (status === 404) return 'NotFound';
    if (status === 403) return 'AccessDenied';
  }
  return error.name;
}

const isNotFound = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(s3ErrorName(error) ?? '');

/** SPEC §9 retries on 5xx, 408 and 429, and on a connection that failed or timed out. */
function isRetryable(error: unknown): boolean {
  const status = (error as Partial<S3ServiceException>).$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 408 || status === 429;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'].includes(code ?? '') ||
    (error as Error).name === 'TimeoutError'
  );
}

const credentials = () => new StorageError('STORAGE_UNAUTHORIZED', message('errors.storageCredentials'));
const full = () => new StorageError('STORAGE_FULL', message('errors.storageFull'));
const digest = () => new StorageError('STORAGE_ERROR', message('errors.storageDigest'));
const timedOut = () => new StorageError('STORAGE_UNAVAILABLE', message('errors.storageTimeout'));
// HEAD answers a bare 403 for bad credentials too, so this names every suspect.
const denied = (bucket: string) =>
  new StorageError('STORAGE_UNAUTHORIZED', message('errors.storageAccessDenied', { bucket }));

/** S3's error names the client can act on, each with its StorageError. */
const S3_FAILURES = new Map<string, (bucket: string) => StorageError>(
  Object.entries({
    InvalidAccessKeyId: credentials,
    SignatureDoesNotMatch: credentials,
    InvalidToken: credentials,
    ExpiredToken: credentials,
    AccessDenied: denied,
    AllAccessDisabled: denied,
    NoSuchBucket: (bucket) =>
      new StorageError('STORAGE_ERROR', message('errors.storageNoBucket', { bucket })),
    QuotaExceeded: full,
    EntityTooLarge: full,
    XMinioStorageFull: full,
    BadDigest: digest,
    InvalidDigest: digest,
    AbortError: timedOut,
    TimeoutError: timedOut,
  }),
);

/**
 * S3 failures as StorageErrors the client can act on. Credentials and permissions are the server's
 * misconfiguration, not the user's: 502 (the store refused us), with the variables to check. Codes
 * match `materials/storage-errors.ts` (SPEC §8 storage errors, in this API's style).
 */
export function s3Failure(error: unknown, bucket: string): unknown {
  if (error instanceof StorageError) return error;
  const known = S3_FAILURES.get(s3ErrorName(error) ?? '');
  const failure = known
    ? known(bucket)
    : isRetryable(error)
      ? new StorageError('STORAGE_UNAVAILABLE', message('errors.storageUnavailable'))
      : new StorageError('STORAGE_ERROR', message('errors.storageFailed'));
  // The original stays attached for the log; the handler sends only code and message.
  failure.cause = error;
  return failure;
}

/** S3 lowercases metadata names and allows only ASCII in values: values travel percent-encoded. */
const encodeMetadata = (metadata: Record<string, string>) =>
  Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, encodeURIComponent(v)]));
const decodeMetadata = (metadata: Record<string, string> | undefined) =>
  Object.fromEntries(
    Object.entries(metadata ?? {}).map(([k, v]) => {
      try {
        return [k, decodeURIComponent(v)];
      } catch {
        return [k, v]; // written by another tool, not encoded by us
      }
    }),
  );

/** An ETag is the MD5 of the bytes only for a single-part upload without SSE-KMS: 32 hex digits. */
function md5FromEtag(etag: string | undefined): string | null {
  const hex = etag?.replace(/"/g, '');
  return hex && /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex').toString('base64') : null;
}

/** The key as x-amz-copy-source wants it: bucket/key, URL-encoded except for the slashes. */
const copySource = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

async function md5AndSize(file: string): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), hash);
  return { md5: hash.digest('base64'), size: (await stat(file)).size };
}

/** Runs `tasks` with at most `limit` in flight; the first failure rejects once all have settled. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++] as T;
      await task(item).catch((error) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/** The S3 client settings both stores share; exported for the start-up check and tests. */
function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // S3-compatible servers rarely have a DNS name per bucket: address buckets in the path.
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    // SDK retries (5xx, throttling, network) within each operation's 2-minute deadline.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // Since 3.729 the SDK adds CRC32 checksums to every upload and checks them on download; many
    // S3-compatible servers (older MinIO, Ceph, s3rver in our tests) reject or lack them. PutObject
    // sends Content-MD5 instead, which every S3 verifies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** What `read` answers, or null when the store has no such object. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** What a HEAD or GET says of an object. */
function describeObject(
  key: string,
  out: {
    LastModified?: Date;
    ContentLength?: number;
    ContentType?: string;
    ETag?: string;
    Metadata?: Record<string, string>;
  },
): StoredObject {
  const written = out.LastModified ?? new Date();
  return {
    key,
    size: out.ContentLength ?? 0,
    contentType: out.ContentType ?? contentTypeOf(key),
    createdAt: written,
    updatedAt: written,
    md5Hash: md5FromEtag(out.ETag),
    metadata: decodeMetadata(out.Metadata),
  };
}

/** The object's description, or null when there is none. */
async function headObject(client: S3Client, bucket: string, key: string): Promise<StoredObject | null> {
  assertSafeKey(key);
  return unlessMissing(async () => {
    const out = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: key }),
      deadline(OPERATION_DEADLINE_MS),
    );
    return describeObject(key, out);
  });
}

/** Every object under `prefix`, a page of 1000 at a time; `limit` stops early. */
async function listObjects(
  client: S3Client,
  bucket: string,
  prefix: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<StoredObject[]> {
  assertFolderPrefix(prefix);
  const objects: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        MaxKeys: PAGE_SIZE,
        ContinuationToken: token,
      }),
      deadline(OPERATION_DEADLINE_MS),
    );
    for (const item of page.Contents ?? []) {
      if (!item.Key) continue;
      const written = item.LastModified ?? new Date();
      objects.push({
        key: item.Key,
        size: item.Size ?? 0,
        contentType: contentTypeOf(item.Key),
        createdAt: written,
        updatedAt: written,
        md5Hash: md5FromEtag(item.ETag),
        metadata: {},
      });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token && objects.length < limit);
  return objects.sort((a, b) => compareKeys(a.key, b.key));
}

async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += PAGE_SIZE) {
    const batch = keys.slice(start, start + PAGE_SIZE);
    const out = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
      deadline(OPERATION_DEADLINE_MS),
    );
    const failed = out.Errors?.[0];
    if (failed) {
      throw Object.assign(new Error(`DeleteObjects failed for ${failed.Key}: ${failed.Message}`), {
        name: failed.Code ?? 'DeleteFailed',
      });
    }
  }
}

/** One object written from a file on local disk, retried (a fresh stream each time) within its deadline. */
async function upload(
  uploadClient: S3Client,
  put: {
    bucket: string;
    key: string;
    sourcePath: string;
    size: number;
    contentType: string;
    md5: string;
    metadata: Record<string, string>;
  },
): Promise<void> {
  const signal = AbortSignal.timeout(UPLOAD_DEADLINE_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      await uploadClient.send(
        new PutObjectCommand({
          Bucket: put.bucket,
          Key: put.key,
          Body: createReadStream(put.sourcePath),
          ContentLength: put.size,
          ContentType: put.contentType,
          // S3 refuses the object (BadDigest) unless the bytes it received have this MD5.
          ContentMD5: put.md5,
          Metadata: encodeMetadata(put.metadata),
        }),
        { abortSignal: signal },
      );
      return;
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS || !isRetryable(error) || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** The object and a stream of its bytes, or null when there is none. */
async function getObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<{ object: StoredObject; stream: Readable } | null> {
  assertSafeKey(key);
  return unlessMissing(async () => {
    // No deadline here: the body streams to the client for as long as the client reads it.
    const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { object: describeObject(key, out), stream: out.Body as Readable };
  });
}

/** Copies each object to `targetOf(its key)`; when one copy fails, the copies made so far are deleted. */
async function copyObjects(
  client: S3Client,
  bucket: string,
  objects: StoredObject[],
  targetOf: (key: string) => string,
): Promise<void> {
  const copied: string[] = [];
  try {
    await inBatches(objects, COPY_CONCURRENCY, async (object) => {
      const target = targetOf(object.key);
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: target,
          CopySource: copySource(bucket, object.key),
          MetadataDirective: 'COPY',
        }),
        deadline(OPERATION_DEADLINE_MS),
      );
      copied.push(target);
    });
  } catch (error) {
    await deleteKeys(client, bucket, copied).catch(() => undefined);
    throw error;
  }
}

/**
 * Objects in an S3 bucket (or any S3-compatible store), one per key. Differences from the disk that
 * callers may notice: list() reports no custom metadata (S3 lists do not carry it; head() does) and
 * guesses the content type from the name; createdAt is the time the object was last written (S3
 * keeps no other); renamePrefix is a copy and delete, not atomic.
 */
export function s3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client(s3ClientConfig(options));
  // Uploads retry by themselves: a retry must re-open the file, and the SDK would resend a used-up stream.
  const uploadClient = new S3Client({ ...s3ClientConfig(options), maxAttempts: 1 });

  const guarded = translatingErrors((error) => s3Failure(error, bucket));
  const list = (prefix: string, limit?: number) => listObjects(client, bucket, prefix, limit);

  return {
    bucket,

    putFile: guarded(async (key, sourcePath, contentType, metadata = {}) => {
      assertSafeKey(key);
      assertMetadata(metadata);
      const { md5, size } = await md5AndSize(sourcePath);
      await upload(uploadClient, { bucket, key, sourcePath, size, contentType, md5, metadata });
      const written = new Date();
      return {
        key,
        size,
        contentType,
        createdAt: written,
        updatedAt: written,
        md5Hash: md5,
        metadata: { ...metadata },
      };
    }),

    get: guarded((key) => getObject(client, bucket, key)),

    head: guarded((key) => headObject(client, bucket, key)),

    delete: guarded(async (key) => {
      assertSafeKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: key }),
        deadline(OPERATION_DEADLINE_MS),
      );
    }),

    list: guarded((prefix) => list(prefix)),

    deletePrefix: guarded(async (prefix) => {
      const keys = (await list(prefix)).map((o) => o.key);
      await deleteKeys(client, bucket, keys);
      return keys.length;
    }),

    /**
     * S3 has no rename: every object is copied to its new key, then the old ones are deleted, so a
     * reader may briefly see both folders, and the cost grows with the folder (one request a file).
     * Not atomic: when a copy fails, the copies made so far are deleted and the old folder is left
     * as it was; when the final delete fails, both folders hold the files and the error says so.
     */
    renamePrefix: guarded(async (from, to) => {
      assertFolderPrefix(from);
      assertFolderPrefix(to);
      if (to.startsWith(from))
        throw new StorageError('INVALID_FOLDER_MOVE', message('errors.folderIntoItself'));
      const objects = await list(from);
      if (objects.length === 0) return 0;
      if ((await list(to, 1)).length > 0)
        throw new StorageError('FOLDER_EXISTS', message('materials.folderExists'));
      await copyObjects(client, bucket, objects, (key) => to + key.slice(from.length));
      await deleteKeys(
        client,
        bucket,
        objects.map((o) => o.key),
      );
      return objects.length;
    }),
  };
}

/**
 * Start-up check: the bucket exists and the credentials work. Fails with a message naming the
 * variables to fix, so a misconfigured server stops at once rather than on the first upload.
 */
export async function checkS3Bucket(options: S3StorageOptions): Promise<void> {
  const client = new S3Client({ ...s3ClientConfig(options), maxAttempts: 2 });
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }), deadline(15_000));
  } catch (error) {
    const where = options.endpoint ? ` at ${options.endpoint}` : ` in AWS region ${options.region}`;
    const status = (error as Partial<S3ServiceException>).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'the bucket does not exist (S3_BUCKET)'
        : status === 403 || status === 401 || status === 400
          ? 'access was refused (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION)'
          : `the store did not answer (${(error as Error).name}: ${(error as Error).message}; S3_ENDPOINT)`;
    throw new ConfigError(`File storage: S3 bucket "${options.bucket}"${where} is not usable: ${reason}`);
  } finally {
    client.destroy();
  }
}
