import { z } from 'zod/mini';
import { endpoints, GET, POST } from './endpoint';
import { zLine } from './input';
import { ZErrorReply, ZMessageReply } from './schemas';
import { key } from './server-messages';

/**
 * The materials library (SPEC §2 Materials, §7 Materials): documents stored under
 * `documents/{folder}/{subfolder}/{file}` (the subfolder is optional). API paths take folder paths
 * relative to `documents/` ('Demo Workshop' or 'Demo Workshop/Handouts'); a leading 'documents/' is
 * accepted and ignored.
 */
export const MATERIALS_ROOT = 'documents';

/** Longest folder or file name; S3 keys and most file systems allow more, people never need it. */
export const MATERIAL_NAME_MAX = 120;
/** The same limit in UTF-8 bytes, which is what file systems (255) and the storage module (240) count. */
export const MATERIAL_NAME_MAX_BYTES = 240;
/** How long a signed download address stays valid. */
export const MATERIAL_LINK_TTL_SECONDS = 5 * 60;

/**
 * SPEC §2's fixed addresses `materials/upload` and `materials/{folder}/edit` would hide a top-level
 * folder named 'upload' or a subfolder named 'edit' (React Router matches ignoring case).
 * `segments` is a folder path ('Folder' or 'Folder/Sub') split on '/'.
 */
export function isReservedFolderPath(segments: readonly string[]): boolean {
  const [folder, subfolder] = segments.map((s) => s.trim().toLowerCase());
  return folder === 'upload' || subfolder === 'edit';
}

/** Path separators and C0/C1 control characters (which terminals and headers misread). */
function hasForbiddenCharacter(name: string): boolean {
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '/' || char === '\\' || code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * One folder or file name: trimmed, 1–120 characters, no separators, no control characters, not
 * '.' or '..', and no leading dot (hidden files and the storage's own bookkeeping start with one).
 */
export const ZMaterialName = z.string().check(
  z.trim(),
  z.minLength(1, key('materials.nameRequired')),
  z.maxLength(MATERIAL_NAME_MAX, key('materials.nameTooLong')),
  z.refine(
    (v) => new TextEncoder().encode(v).length <= MATERIAL_NAME_MAX_BYTES,
    key('materials.nameTooLong'),
  ),
  z.refine((v) => !hasForbiddenCharacter(v) && !v.startsWith('.'), key('materials.nameInvalid')),
);

/** 'folder' or 'folder/subfolder', relative to documents/. */
export const ZFolderPath = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((v) => v.replace(/^documents\//, '')),
  ),
  z.string().check(
    z.minLength(1, key('materials.nameRequired')),
    z.refine((v) => {
      const parts = v.split('/');
      return parts.length <= 2 && parts.every((p) => ZMaterialName.safeParse(p).success && p === p.trim());
    }, key('materials.nameInvalid')),
  ),
);

/** SPEC §3 Uploaded file metadata. */
export const ZMaterialFile = z.object({
  /** The bucket (S3) or 'local' (disk). */
  bucket: z.string(),
  name: z.string(),
  /** documents/{folder}/{subfolder}/{file} */
  fullPath: z.string(),
  size: z.number().check(z.int()),
  contentType: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  /** Base64 MD5 of the bytes, as cloud storage reports it. */
  md5Hash: z.nullable(z.string()),
  customMetadata: z.record(z.string(), z.string()),
});
export type MaterialFile = z.infer<typeof ZMaterialFile>;

export const ZMaterialFolder = z.object({
  name: z.string(),
  /** Relative to documents/: 'Demo Workshop' or 'Demo Workshop/Handouts'. */
  path: z.string(),
});
export type MaterialFolder = z.infer<typeof ZMaterialFolder>;

/** GET /materials/folders */
export const ZMaterialFoldersReply = z.object({ folders: z.array(ZMaterialFolder) });
/** GET /materials/folders/{folder} and /materials/folders/{folder}/{subfolder} */
export const ZMaterialFolderReply = z.object({
  folder: ZMaterialFolder,
  subfolders: z.array(ZMaterialFolder),
  files: z.array(ZMaterialFile),
});
export type MaterialFolderReply = z.infer<typeof ZMaterialFolderReply>;

/** POST /rename-folder (SPEC §7). */
export const ZRenameFolder = z.object({ oldFolderPath: ZFolderPath, newFolderPath: ZFolderPath });
/** POST /delete-folder */
export const ZDeleteFolder = z.object({ folderPath: ZFolderPath });
/** POST /delete-file: documents/{folder}[/{subfolder}]/{file}, or the same without documents/. */
export const ZDeleteFile = z.object({ filePath: zLine().check(z.trim(), z.minLength(1), z.maxLength(1000)) });
/** POST /materials/download-link {filePath} → a signed address valid for MATERIAL_LINK_TTL_SECONDS. */
export const ZDownloadLinkRequest = z.object({
  filePath: zLine().check(z.trim(), z.minLength(1), z.maxLength(1000)),
});
export const ZDownloadLinkReply = z.object({ url: z.string(), expiresAt: z.string() });

/**
 * The tus endpoint for materials (super admin). Upload-Metadata keys: `filename` (required, a
 * ZMaterialName), `folder` (required), `subfolder` (optional), `filetype` (informational).
 */
export const MATERIAL_UPLOADS_PATH = '/material-uploads';

/** The upload page's form (SPEC §5 Material upload): existing or new folder, not both; likewise subfolder. */
export const ZMaterialUploadForm = z
  .object({
    hasFile: z.boolean(),
    existingFolder: z.nullable(z.string()),
    newFolder: z.string().check(z.trim()),
    existingSubfolder: z.nullable(z.string()),
    newSubfolder: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const refuse = (field: 'hasFile' | 'newFolder' | 'newSubfolder', message: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message });
      /** A new folder's or subfolder's name against ZMaterialName, with that rule's message. */
      const refuseBadName = (field: 'newFolder' | 'newSubfolder', name: string) => {
        const result = ZMaterialName.safeParse(name);
        if (!result.success) refuse(field, result.error.issues[0]?.message ?? key('materials.nameInvalid'));
      };
      if (!v.hasFile) refuse('hasFile', key('materials.fileRequired'));
      if (v.existingFolder && v.newFolder) refuse('newFolder', key('materials.folderNotBoth'));
      else if (!v.existingFolder && !v.newFolder) refuse('newFolder', key('materials.folderRequired'));
      else if (v.newFolder) refuseBadName('newFolder', v.newFolder);
      if (v.newFolder && isReservedFolderPath([v.newFolder]))
        refuse('newFolder', key('materials.nameReserved'));
      if (v.newSubfolder && isReservedFolderPath(['', v.newSubfolder]))
        refuse('newSubfolder', key('materials.nameReserved'));
      if (v.existingSubfolder && v.newSubfolder) refuse('newSubfolder', key('materials.subfolderNotBoth'));
      else if (v.newSubfolder) refuseBadName('newSubfolder', v.newSubfolder);
    }),
  );
export type MaterialUploadForm = z.infer<typeof ZMaterialUploadForm>;

/** The file store failing (502, 503) or full (507). */
const storageErrors = { 502: ZErrorReply, 503: ZErrorReply, 507: ZErrorReply };

/**
 * The materials library. The signed download (a streamed file reached by navigation) and the tus
 * uploads are registered by the server directly; these are the JSON endpoints.
 */
export const MATERIAL_API = endpoints(['materials'], {
  folders: GET(
    {
      path: '/materials/folders',
      reply: ZMaterialFoldersReply,
      access: 'readMaterials',
      errors: storageErrors,
    },
    'Top-level material folders the caller may see, by name (admins and facilitators: folders named after a workshop linked to their organization)',
  ),
  folder: GET(
    {
      path: '/materials/folders/:folder',
      params: z.object({ folder: ZMaterialName }),
      reply: ZMaterialFolderReply,
      access: 'readMaterials',
      errors: storageErrors,
    },
    "A folder's subfolders and files (404 when it does not exist or is not the caller's)",
  ),
  subfolder: GET(
    {
      path: '/materials/folders/:folder/:subfolder',
      params: z.object({ folder: ZMaterialName, subfolder: ZMaterialName }),
      reply: ZMaterialFolderReply,
      access: 'readMaterials',
      errors: storageErrors,
    },
    "A subfolder's files",
  ),
  renameFolder: POST(
    {
      path: '/rename-folder',
      body: ZRenameFolder,
      reply: z.extend(ZMessageReply, { folder: ZMaterialFolder }),
      access: 'manageMaterials',
      errors: storageErrors,
    },
    'Rename a folder or subfolder in place (super admin); the same name changes nothing',
  ),
  deleteFolder: POST(
    {
      path: '/delete-folder',
      body: ZDeleteFolder,
      reply: z.extend(ZMessageReply, { deleted: z.number().check(z.int()) }),
      access: 'manageMaterials',
      errors: storageErrors,
    },
    'Delete a folder or subfolder and every file inside it (super admin)',
  ),
  deleteFile: POST(
    {
      path: '/delete-file',
      body: ZDeleteFile,
      reply: ZMessageReply,
      access: 'manageMaterials',
      errors: storageErrors,
    },
    'Delete one file (super admin)',
  ),
  downloadLink: POST(
    {
      path: '/materials/download-link',
      body: ZDownloadLinkRequest,
      reply: ZDownloadLinkReply,
      access: 'readMaterials',
      errors: storageErrors,
    },
    'A signed download address for a file the caller may see, valid for five minutes',
  ),
});
