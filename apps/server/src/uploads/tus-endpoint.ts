import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Permission } from '@playshop/shared';
import { type Message, message } from '@playshop/shared';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, requirePermission } from '../http/actor';
import { AppError, errorBody } from '../http/errors';
import { scheduleHousekeeping } from '../http/housekeeping';

/** An error tus sends as it is: status and a `{message, code}` body like every other API error. */
interface TusError {
  status_code: number;
  body: string;
}
export const tusError = (status_code: number, code: string, text: Message): TusError => ({
  status_code,
  body: JSON.stringify(errorBody(text, code)),
});
const isTusError = (value: unknown): value is TusError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TusError).status_code === 'number' &&
  typeof (value as TusError).body === 'string';

/**
 * The metadata key holding the id of the user who created an upload. Written by the server at
 * creation (whatever the client sent under that key is replaced) and compared on every later request.
 */
export const UPLOAD_OWNER_KEY = 'playshopOwner';

/**
 * How long an unfinished upload is kept after it was created (the SPEC is silent): a 5 MB upload never
 * needs a day, and a day still covers a laptop closed in the middle of one.
 */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/** tus names uploads with 16 random bytes in hex; anything else is no upload of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface TusFinish {
  status_code: number;
  headers?: Record<string, string>;
  body?: string;
}

interface TusEndpointOptions {
  /** Below the scope's prefix, e.g. '/uploads'; uploads live at `{path}/{uploadId}`. */
  path: string;
  /** The scope's prefix (API_PREFIX): tus needs the full path to find upload ids in URLs. */
  prefix: string;
  /** Where unfinished uploads are kept; one directory per endpoint, so ids never cross endpoints. */
  directory: string;
  maxSize: number;
  /** Who may create, continue, inspect and cancel uploads here. */
  permission: Permission;
  /** The text of the 413 answer. */
  fileTooLargeMessage: Message;
  /** OpenAPI tags and summary. */
  tags: string[];
  summary: string;
  /** Checks a new upload (metadata, length) before anything is stored; throw a TusError to refuse. */
  onCreate(actor: Actor, upload: Upload): Promise<void>;
  /**
   * The last byte has arrived at `tempPath`: store it and answer. The temporary files are removed
   * afterwards whatever happens. Throw a TusError to refuse.
   */
  onFinish(actor: Actor, upload: Upload, tempPath: string): Promise<TusFinish>;
}

/** True when `uploadId` is an upload of this endpoint created by `actor`. */
async function isOwnUpload(datastore: FileStore, uploadId: string, actor: Actor): Promise<boolean> {
  if (!UPLOAD_ID.test(uploadId)) return false;
  try {
    const upload = await datastore.getUpload(uploadId);
    return upload.metadata?.[UPLOAD_OWNER_KEY] === String(actor.userId);
  } catch {
    return false;
  }
}

/**
 * Mounts a tus resumable-upload endpoint in a Fastify scope (SPEC §9 resumable uploads). Every tus
 * request (POST creates, HEAD resumes, PATCH sends bytes, DELETE cancels) passes the role check, and
 * every request on an existing upload must come from the user who created it: anyone else gets the
 * same 404 as for an upload that does not exist, so an upload URL is useless to another user.
 * Upload-Length is required, so the size limit is enforced before the first byte.
 */
export function mountTusEndpoint(api: FastifyInstance, options: TusEndpointOptions): TusServer {
  const datastore = new FileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS,
  });
  // tus hands its hooks a web Request; the Fastify handler leaves the verified caller here for them.
  const callers = new WeakMap<IncomingMessage, Actor>();
  const callerOf = (req: unknown): Actor => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const actor = raw && callers.get(raw);
    if (!actor) throw tusError(401, 'UNAUTHENTICATED', message('errors.unauthenticated'));
    return actor;
  };

  const tus = new TusServer({
    path: `${options.prefix}${options.path}`,
    datastore,
    maxSize: options.maxSize,
    relativeLocation: true,
    allowedOrigins: [],
    async onUploadCreate(req, upload) {
      const actor = callerOf(req);
      if (upload.size === undefined) {
        // Without a declared length the size limit could only be enforced part-way through.
        throw tusError(400, 'LENGTH_REQUIRED', message('errors.lengthRequired'));
      }
      await options.onCreate(actor, upload);
      return { metadata: { ...upload.metadata, [UPLOAD_OWNER_KEY]: String(actor.userId) } };
    },
    async onUploadFinish(req, upload) {
      const tempPath = path.join(options.directory, upload.id);
      try {
        return await options.onFinish(callerOf(req), upload, tempPath);
      } finally {
        await rm(tempPath, { force: true });
        await rm(`${tempPath}.json`, { force: true });
      }
    },
    async onResponseError(_req, error) {
      if (isTusError(error)) {
        if (error.status_code === 413) return tusError(413, 'FILE_TOO_LARGE', options.fileTooLargeMessage);
        if (error.body.startsWith('{')) return undefined;
        // tus's own refusals are plain text; give them the API's shape.
        const code = error.status_code === 404 ? 'UPLOAD_NOT_FOUND' : 'UPLOAD_ERROR';
        return { status_code: error.status_code, body: JSON.stringify({ message: error.body.trim(), code }) };
      }
      api.log.error({ err: error }, 'upload failed');
      return tusError(500, 'INTERNAL', message('errors.internal'));
    },
  });

  // tus reads the request body itself: this scope leaves it untouched.
  api.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const actor = requirePermission(req, options.permission);
      if (req.method !== 'POST') {
        const { uploadId } = req.params as { uploadId: string };
        if (!(await isOwnUpload(datastore, uploadId, actor)))
          throw new AppError('UPLOAD_NOT_FOUND', 404, message('errors.uploadNotFound'));
      }
      callers.set(req.raw, actor);
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    // Same-origin only: no OPTIONS (CORS preflight) route. HEAD resumes, PATCH sends bytes, DELETE cancels.
    const schema = { tags: options.tags, summary: options.summary };
    scope.route({ method: 'POST', url: options.path, schema, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${options.path}/:uploadId`, schema, handler });
  });
  // Uploads nobody finished (a closed tab, a lost connection) go once UNFINISHED_UPLOAD_TTL_MS old.
  scheduleHousekeeping(api, `abandoned uploads in ${options.directory}`, () => tus.cleanUpExpiredUploads());
  return tus;
}
