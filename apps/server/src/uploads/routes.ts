import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  API_PREFIX,
  FILES_PATH,
  message,
  UPLOAD_FOLDERS,
  UPLOAD_LIMIT_BYTES,
  type UploadFolder,
  zLine,
} from '@playshop/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors';
import { assertSafeKey, type Storage, type StoredObject } from '../storage/storage';
import { ImageRefused, reencodeImage } from './images';
import { sniffImage } from './sniff';
import { mountTusEndpoint, tusError } from './tus-endpoint';

const UPLOADS_PATH = '/uploads';

/**
 * Sends a stored image that <img> shows: inline, never sniffed, under `csp` (by default nothing in it
 * may run or load), cached for a year (its address changes with the file).
 */
export function sendStoredImage(
  reply: FastifyReply,
  found: { object: StoredObject; stream: Readable },
  contentType: string,
  csp = "default-src 'none'; sandbox",
) {
  return reply
    .header('content-type', contentType)
    .header('content-length', found.object.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', csp)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(found.stream);
}

/**
 * Resumable image uploads (tus) for content and answer images. The client sends metadata
 * `folder` (content-images | answer-images); the file name it sends is ignored. When the last byte
 * arrives the bytes are checked, the image moves into storage under a random name, and the reply
 * body is `{url}`: the address to save in the content.
 */
export function uploadRoutes(api: FastifyInstance, storage: Storage, tusDir: string): void {
  mountTusEndpoint(api, {
    path: UPLOADS_PATH,
    prefix: API_PREFIX,
    directory: tusDir,
    maxSize: UPLOAD_LIMIT_BYTES,
    permission: 'uploadImages',
    fileTooLargeMessage: message('content.fileTooLarge'),
    tags: ['uploads'],
    summary: 'tus resumable upload of an image (super admin)',
    async onCreate(_actor, upload) {
      const folder = upload.metadata?.folder;
      if (!folder || !(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
        throw tusError(
          400,
          'INVALID_FOLDER',
          message('errors.invalidUploadFolder', { folders: UPLOAD_FOLDERS.join(', ') }),
        );
      }
    },
    async onFinish(_actor, upload, tempPath) {
      // At most UPLOAD_LIMIT_BYTES (tus refuses more): read whole, checked and drawn again.
      const bytes = await readFile(tempPath);
      const kind = sniffImage(bytes.subarray(0, 16));
      if (!kind) throw tusError(415, 'NOT_AN_IMAGE', message('content.notAnImage'));
      let clean: Buffer;
      try {
        clean = await reencodeImage(bytes, kind.ext);
      } catch (err) {
        if (err instanceof ImageRefused) throw tusError(400, err.code, err.text);
        throw err;
      }
      // What is stored and served is the image drawn again, never the bytes as uploaded.
      await writeFile(tempPath, clean);
      const folder = upload.metadata?.folder as UploadFolder;
      const key = `${folder}/${randomUUID()}.${kind.ext}`;
      await storage.putFile(key, tempPath, kind.contentType);
      const url = `${API_PREFIX}${FILES_PATH}/${key}`;
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json', 'X-File-Url': url },
        body: JSON.stringify({ url }),
      };
    },
  });

  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${FILES_PATH}/:folder/:name`,
    {
      // Images are shown by <img>, which sends no bearer token; their names are random UUIDs.
      config: { public: true },
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded content or answer image',
        params: z.object({
          folder: z.enum(UPLOAD_FOLDERS),
          name: zLine().check(z.minLength(1), z.maxLength(200)),
        }),
      },
    },
    async (req, reply) => {
      const key = `${req.params.folder}/${req.params.name}`;
      assertSafeKey(key);
      const found = await storage.get(key);
      if (!found) throw notFound(message('materials.fileNotFound'));
      return sendStoredImage(reply, found, found.object.contentType);
    },
  );
}
