import type { Readable } from 'node:stream';
import {
  canPickAnyOrganization,
  isReservedFolderPath,
  lockedOutByLicence,
  MATERIAL_TEXTS,
  MATERIALS_ROOT,
  type MaterialFile,
  type MaterialFolder,
  type MaterialFolderReply,
  message,
  messageOfText,
  PERMISSIONS,
  type Role,
  ZMaterialName,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { organizations, orgWorkshops, users, workshops } from '../db/schema';
import type { Actor } from '../http/actor';
import { AppError } from '../http/errors';
import { assertSafeKey, contentTypeOf, type Storage, type StoredObject } from '../storage/storage';
import type { DownloadLinkQuery, DownloadLinks } from './download-links';
import { storageFailure } from './storage-errors';

const ROOT = `${MATERIALS_ROOT}/`;

const folderNotFound = () => new AppError('FOLDER_NOT_FOUND', 404, message('materials.folderNotFound'));
const fileNotFound = () => new AppError('FILE_NOT_FOUND', 404, message('materials.fileNotFound'));
const linkInvalid = () => new AppError('LINK_INVALID', 403, message('materials.linkExpired'));
const invalidName = (field: string) =>
  new AppError('INVALID_NAME', 400, message('materials.nameInvalid'), field);

/**
 * Folder names are matched to workshop names trimmed and ignoring case ('demo workshop ' shows to
 * the organizations linked to 'Demo Workshop'), so a folder made by hand need not copy the exact case.
 */
const folderMatchKey = (name: string): string => name.trim().toLowerCase();

/** Names in the order people read them: ignoring case, numbers by value ('Week 2' before 'Week 10'). */
const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const folderOf = (segments: string[]): MaterialFolder => ({
  name: segments[segments.length - 1]!,
  path: segments.join('/'),
});
const prefixOf = (segments: string[]) => (segments.length === 0 ? ROOT : `${ROOT}${segments.join('/')}/`);

/** SPEC §3 Uploaded file metadata. */
function presentFile(bucket: string, object: StoredObject): MaterialFile {
  return {
    bucket,
    name: object.key.slice(object.key.lastIndexOf('/') + 1),
    fullPath: object.key,
    size: object.size,
    contentType: object.contentType,
    timeCreated: object.createdAt.toISOString(),
    updated: object.updatedAt.toISOString(),
    md5Hash: object.md5Hash,
    customMetadata: object.metadata,
  };
}

/**
 * A file's path, 'documents/{folder}[/{subfolder}]/{file}' or the same without 'documents/', as its
 * segments; null unless every segment is a valid name exactly as written.
 */
function parseFilePath(filePath: string): { segments: string[]; fullPath: string } | null {
  const relative = filePath.startsWith(ROOT) ? filePath.slice(ROOT.length) : filePath;
  const segments = relative.split('/');
  if (segments.length < 2 || segments.length > 3) return null;
  if (!segments.every((s) => ZMaterialName.safeParse(s).data === s)) return null;
  return { segments, fullPath: `${ROOT}${segments.join('/')}` };
}

/** Where an upload goes, from its tus metadata. */
interface UploadTarget {
  key: string;
  fileName: string;
  /** The name the client sent, before trimming: kept as the file's `originalName`. */
  originalName: string;
}

interface MaterialsServiceDeps {
  db: Db;
  storage: Storage;
  links: DownloadLinks;
  log: FastifyBaseLogger;
}

/**
 * The materials library (SPEC §2 Materials, §6, §7): documents under documents/{folder}/{subfolder}.
 * Super admins see and change everything; admins and facilitators see only the folders named after a
 * workshop linked to their organization, and anything else is 'Folder not found', as if it did not exist.
 */
export function materialsService({ db, storage, links, log }: MaterialsServiceDeps) {
  /** Runs a storage call, turning its failures into errors the caller can act on. */
  async function store<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const failure = storageFailure(error);
      if (failure !== error) log.error({ err: error }, 'file storage failed');
      throw failure;
    }
  }

  /** Which top-level folders `actor` may see. */
  async function folderFilter(actor: { role: Role; orgId: number }): Promise<(folder: string) => boolean> {
    if (canPickAnyOrganization(actor.role)) return () => true;
    const linked = await db
      .select({ name: workshops.name })
      .from(orgWorkshops)
      .innerJoin(workshops, eq(workshops.id, orgWorkshops.workshopId))
      .where(eq(orgWorkshops.orgId, actor.orgId));
    const names = new Set(linked.map((w) => folderMatchKey(w.name)));
    return (folder) => names.has(folderMatchKey(folder));
  }

  async function assertFolderVisible(actor: Actor, folder: string): Promise<void> {
    if (!(await folderFilter(actor))(folder)) throw folderNotFound();
  }

  /** Objects under a folder prefix, as paths relative to it. */
  async function listUnder(segments: string[]) {
    const prefix = prefixOf(segments);
    const objects = await store(() => storage.list(prefix));
    return objects.map((object) => ({ object, rest: object.key.slice(prefix.length).split('/') }));
  }

  /** 404 unless something is inside the folder (folders exist only while they hold files). */
  async function assertFolderExists(segments: string[]): Promise<void> {
    if ((await listUnder(segments)).length === 0) throw folderNotFound();
  }

  async function findFile(actor: Actor, filePath: string) {
    const parsed = parseFilePath(filePath);
    if (!parsed) throw invalidName('filePath');
    if (!(await folderFilter(actor))(parsed.segments[0]!)) throw fileNotFound();
    const object = await store(() => storage.head(parsed.fullPath));
    if (!object) throw fileNotFound();
    return object;
  }

  return {
    /** GET /materials/folders: the top-level folders the caller may see, by name. */
    async listFolders(actor: Actor): Promise<{ folders: MaterialFolder[] }> {
      const [isVisible, objects] = await Promise.all([folderFilter(actor), listUnder([])]);
      const names = new Set(objects.filter((o) => o.rest.length >= 2).map((o) => o.rest[0]!));
      const folders = [...names].filter(isVisible).map((name) => folderOf([name]));
      return { folders: folders.sort(byName) };
    },

    /** GET /materials/folders/:folder[/:subfolder]: its subfolders and the files directly inside. */
    async getFolder(actor: Actor, folder: string, subfolder?: string): Promise<MaterialFolderReply> {
      await assertFolderVisible(actor, folder);
      const segments = subfolder === undefined ? [folder] : [folder, subfolder];
      const entries = await listUnder(segments);
      if (entries.length === 0) throw folderNotFound();
      const files = entries
        .filter((e) => e.rest.length === 1)
        .map((e) => presentFile(storage.bucket, e.object));
      // Materials go two folders deep at most: a subfolder has no subfolders of its own.
      const subfolderNames =
        subfolder === undefined
          ? new Set(entries.filter((e) => e.rest.length === 2).map((e) => e.rest[0]!))
          : new Set<string>();
      return {
        folder: folderOf(segments),
        subfolders: [...subfolderNames].map((name) => folderOf([folder, name])).sort(byName),
        files: files.sort(byName),
      };
    },

    /** POST /rename-folder: only the last segment changes; the same name is a no-op. */
    async renameFolder(oldPath: string, newPath: string) {
      const from = oldPath.split('/');
      const to = newPath.split('/');
      const sameParent =
        from.length === to.length && from.slice(0, -1).join('/') === to.slice(0, -1).join('/');
      if (!sameParent)
        throw new AppError('RENAME_NOT_A_MOVE', 400, message('materials.renameSameParent'), 'newFolderPath');
      if (isReservedFolderPath(to))
        throw new AppError('NAME_RESERVED', 400, message('materials.nameReserved'), 'newFolderPath');
      if (oldPath === newPath) await assertFolderExists(from);
      else {
        // The store lists the folder once: nothing moved means there was no folder. It refuses a target
        // that exists (409 FOLDER_EXISTS), atomically on disk.
        const moved = await store(() => storage.renamePrefix(prefixOf(from), prefixOf(to)));
        if (moved === 0) throw folderNotFound();
      }
      return { message: MATERIAL_TEXTS.folderRenamed, folder: folderOf(to) };
    },

    /** POST /delete-folder: the folder and everything inside it. */
    async deleteFolder(folderPath: string) {
      const deleted = await store(() => storage.deletePrefix(prefixOf(folderPath.split('/'))));
      if (deleted === 0) throw folderNotFound();
      return { message: MATERIAL_TEXTS.folderDeleted, deleted };
    },

    /** POST /delete-file */
    async deleteFile(actor: Actor, filePath: string) {
      const object = await findFile(actor, filePath);
      await store(() => storage.delete(object.key));
      return { message: MATERIAL_TEXTS.fileDeleted };
    },

    /** POST /materials/download-link: a signed address for a file the caller may see. */
    async createDownloadLink(actor: Actor, filePath: string) {
      const object = await findFile(actor, filePath);
      return links.create({ fullPath: object.key, userId: actor.userId });
    },

    /**
     * GET /materials/download: the file of a genuine, unexpired link, provided the user it was issued
     * to still may read materials, their organization is active and the folder is still theirs.
     */
    async openDownload(query: DownloadLinkQuery): Promise<{ object: StoredObject; stream: Readable }> {
      const grant = links.verify(query);
      if (!grant) throw linkInvalid();
      const [holder] = await db
        .select({ role: users.role, orgId: users.orgId, expiry: organizations.expiry })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.id, grant.userId))
        .limit(1);
      if (!holder || !(PERMISSIONS.readMaterials as readonly Role[]).includes(holder.role))
        throw linkInvalid();
      if (lockedOutByLicence(holder.role, holder.expiry)) throw linkInvalid();
      const parsed = parseFilePath(grant.fullPath);
      if (!parsed || !(await folderFilter(holder))(parsed.segments[0]!)) throw linkInvalid();
      const found = await store(() => storage.get(parsed.fullPath));
      if (!found) throw fileNotFound();
      return found;
    },

    /** Checks an upload's metadata (filename, folder, optional subfolder) and names its target. */
    uploadTarget(metadata: Record<string, string | null> | undefined): UploadTarget {
      const name = (field: string, value: string | null | undefined) => {
        const parsed = ZMaterialName.safeParse(value ?? '');
        if (!parsed.success)
          throw new AppError(
            'INVALID_NAME',
            400,
            messageOfText(parsed.error.issues[0]?.message ?? '') ?? message('materials.nameInvalid'),
            field,
          );
        return parsed.data;
      };
      const folder = name('folder', metadata?.folder);
      const subfolder = metadata?.subfolder ? name('subfolder', metadata.subfolder) : undefined;
      const fileName = name('filename', metadata?.filename);
      if (isReservedFolderPath(subfolder ? [folder, subfolder] : [folder]))
        throw new AppError('NAME_RESERVED', 400, message('materials.nameReserved'), 'folder');
      const key = `${ROOT}${[folder, subfolder, fileName].filter(Boolean).join('/')}`;
      assertSafeKey(key);
      return { key, fileName, originalName: (metadata?.filename ?? fileName).slice(0, 255) };
    },

    /** 409 when a file already has the upload's name in its folder. */
    async assertFileFree(target: UploadTarget): Promise<void> {
      if (await store(() => storage.head(target.key)))
        throw new AppError('FILE_EXISTS', 409, message('materials.fileExists'));
    },

    /** Moves a finished upload into the library. */
    async storeUpload(actor: Actor, target: UploadTarget, tempPath: string): Promise<MaterialFile> {
      const object = await store(() =>
        // Lowercase names: S3 keeps custom metadata as x-amz-meta-* headers (storage/keys.ts).
        storage.putFile(target.key, tempPath, contentTypeOf(target.fileName), {
          'uploaded-by': String(actor.userId),
          'original-name': target.originalName,
        }),
      );
      return presentFile(storage.bucket, object);
    },
  };
}
export type MaterialsService = ReturnType<typeof materialsService>;
