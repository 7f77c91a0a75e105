import {
  API_PREFIX,
  MATERIAL_TEXTS,
  MATERIAL_UPLOADS_PATH,
  UPLOAD_LIMIT_BYTES,
  ZDeleteFile,
  ZDeleteFolder,
  ZDownloadLinkReply,
  ZDownloadLinkRequest,
  ZErrorReply,
  ZMaterialFolder,
  ZMaterialFolderReply,
  ZMaterialFoldersReply,
  ZMaterialName,
  ZMessageReply,
  ZRenameFolder,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import { AppError } from '../http/errors';
import { mountTusEndpoint, tusError } from '../uploads/tus-endpoint';
import { MATERIAL_DOWNLOAD_PATH } from './download-links';
import type { MaterialsService } from './service';

const errors = {
  400: ZErrorReply,
  401: ZErrorReply,
  403: ZErrorReply,
  404: ZErrorReply,
  409: ZErrorReply,
  502: ZErrorReply,
  503: ZErrorReply,
  507: ZErrorReply,
};
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
  } catch (error) {
    if (error instanceof AppError) throw tusError(error.statusCode, error.code, error.message);
    throw error;
  }
}

export function materialRoutes(api: FastifyInstance, svc: MaterialsService, tusDir: string): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/materials/folders',
    {
      schema: {
        tags,
        summary:
          'Top-level material folders the caller may see, by name (admins and facilitators: folders named after a workshop linked to their organization)',
        response: { 200: ZMaterialFoldersReply, ...errors },
      },
    },
    async (req) => svc.listFolders(requirePermission(req, 'readMaterials')),
  );

  r.get(
    '/materials/folders/:folder',
    {
      schema: {
        tags,
        summary: "A folder's subfolders and files (404 when it does not exist or is not the caller's)",
        params: z.object({ folder: ZMaterialName }),
        response: { 200: ZMaterialFolderReply, ...errors },
      },
    },
    async (req) => svc.getFolder(requirePermission(req, 'readMaterials'), req.params.folder),
  );

  r.get(
    '/materials/folders/:folder/:subfolder',
    {
      schema: {
        tags,
        summary: "A subfolder's files",
        params: z.object({ folder: ZMaterialName, subfolder: ZMaterialName }),
        response: { 200: ZMaterialFolderReply, ...errors },
      },
    },
    async (req) =>
      svc.getFolder(requirePermission(req, 'readMaterials'), req.params.folder, req.params.subfolder),
  );

  r.post(
    '/rename-folder',
    {
      schema: {
        tags,
        summary: 'Rename a folder or subfolder in place (super admin); the same name changes nothing',
        body: ZRenameFolder,
        response: { 200: ZMessageReply.extend({ folder: ZMaterialFolder }), ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageMaterials');
      return svc.renameFolder(req.body.oldFolderPath, req.body.newFolderPath);
    },
  );

  r.post(
    '/delete-folder',
    {
      schema: {
        tags,
        summary: 'Delete a folder or subfolder and every file inside it (super admin)',
        body: ZDeleteFolder,
        response: { 200: ZMessageReply.extend({ deleted: z.number().int() }), ...errors },
      },
    },
    async (req) => {
      requirePermission(req, 'manageMaterials');
      return svc.deleteFolder(req.body.folderPath);
    },
  );

  r.post(
    '/delete-file',
    {
      schema: {
        tags,
        summary: 'Delete one file (super admin)',
        body: ZDeleteFile,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (req) => svc.deleteFile(requirePermission(req, 'manageMaterials'), req.body.filePath),
  );

  r.post(
    '/materials/download-link',
    {
      schema: {
        tags,
        summary: 'A signed download address for a file the caller may see, valid for five minutes',
        body: ZDownloadLinkRequest,
        response: { 200: ZDownloadLinkReply, ...errors },
      },
    },
    async (req) => svc.createDownloadLink(requirePermission(req, 'readMaterials'), req.body.filePath),
  );

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
    fileTooLargeMessage: MATERIAL_TEXTS.fileTooLarge,
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
