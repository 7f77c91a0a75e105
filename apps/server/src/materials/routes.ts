import {
  API_PREFIX,
  MATERIAL_API,
  MATERIAL_UPLOADS_PATH,
  message,
  UPLOAD_LIMIT_BYTES,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../http/endpoint';
import { AppError, callerError } from '../http/errors';
import { mountTusEndpoint, tusError } from '../uploads/tus-endpoint';
import { MATERIAL_DOWNLOAD_PATH } from './download-links';
import type { MaterialsService } from './service';

const tags = ['materials'];

/**
 * `Content-Disposition: attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII fallback for
 * old clients; names never hold control characters, quotes and backslashes are replaced in the fallback.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A service refusal inside a tus hook, which answers only errors of its own shape. */
async function asTusRefusal<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    const error = callerError(thrown);
    if (error instanceof AppError) throw tusError(error.statusCode, error.code, error.text);
    throw error;
  }
}

export function materialRoutes(api: FastifyInstance, svc: MaterialsService, tusDir: string): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  route(api, MATERIAL_API.folders, ({ actor }) => svc.listFolders(actor));
  route(api, MATERIAL_API.folder, ({ actor, params }) => svc.getFolder(actor, params.folder));
  route(api, MATERIAL_API.subfolder, ({ actor, params }) =>
    svc.getFolder(actor, params.folder, params.subfolder),
  );
  route(api, MATERIAL_API.renameFolder, ({ body }) =>
    svc.renameFolder(body.oldFolderPath, body.newFolderPath),
  );
  route(api, MATERIAL_API.deleteFolder, ({ body }) => svc.deleteFolder(body.folderPath));
  route(api, MATERIAL_API.deleteFile, ({ actor, body }) => svc.deleteFile(actor, body.filePath));
  route(api, MATERIAL_API.downloadLink, ({ actor, body }) => svc.createDownloadLink(actor, body.filePath));

  // A streamed file: registered directly, outside the JSON endpoint contracts.
  r.get(
    MATERIAL_DOWNLOAD_PATH,
    {
      // A browser download is a navigation, which sends no bearer token: the signature is the permission.
      config: { public: true },
      schema: {
        tags,
        summary: 'Download a file through a signed address from /materials/download-link',
        // Anything missing or malformed is simply a link that is not valid (403), never a 400.
        querystring: z.object({
          path: z.string().max(2000).default(''),
          user: z.string().max(20).default(''),
          expires: z.string().max(20).default(''),
          signature: z.string().max(200).default(''),
        }),
      },
    },
    async (req, reply) => {
      const { object, stream } = await svc.openDownload(req.query);
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('content-disposition', attachmentHeader(object.key.slice(object.key.lastIndexOf('/') + 1)))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  // Uploads (tus): metadata filename, folder, optional subfolder; filetype is informational only.
  mountTusEndpoint(api, {
    path: MATERIAL_UPLOADS_PATH,
    prefix: API_PREFIX,
    directory: tusDir,
    maxSize: UPLOAD_LIMIT_BYTES,
    permission: 'manageMaterials',
    fileTooLargeMessage: message('materials.fileTooLarge'),
    tags,
    summary: 'tus resumable upload of a material (super admin); metadata filename, folder, subfolder',
    async onCreate(_actor, upload) {
      const target = await asTusRefusal(() => svc.uploadTarget(upload.metadata));
      await asTusRefusal(() => svc.assertFileFree(target));
    },
    async onFinish(actor, upload, tempPath) {
      const target = await asTusRefusal(() => svc.uploadTarget(upload.metadata));
      // Again at the end: another upload of the same name may have finished in the meantime.
      await asTusRefusal(() => svc.assertFileFree(target));
      const file = await asTusRefusal(() => svc.storeUpload(actor, target, tempPath));
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ file }),
      };
    },
  });
}
