import { english } from '@playshop/messages/english';
import {
  isReservedFolderPath,
  type MaterialFolder,
  type MaterialFolderReply,
  message,
} from '@playshop/shared';
import type { Actor } from '../http/actor';
import { AppError } from '../http/errors';
import { byName, folderNotFound, folderOf, type MaterialsLibrary, prefixOf, presentFile } from './library';

/** Listing, opening, renaming and deleting folders. */
export function materialFolders({ storage, store, folderFilter, listUnder }: MaterialsLibrary) {
  async function assertFolderVisible(actor: Actor, folder: string): Promise<void> {
    if (!(await folderFilter(actor))(folder)) throw folderNotFound();
  }

  /** 404 unless something is inside the folder (folders exist only while they hold files). */
  async function assertFolderExists(segments: string[]): Promise<void> {
    if ((await listUnder(segments)).length === 0) throw folderNotFound();
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
      return { message: english('materials.folderRenamed'), folder: folderOf(to) };
    },

    /** POST /delete-folder: the folder and everything inside it. */
    async deleteFolder(folderPath: string) {
      const deleted = await store(() => storage.deletePrefix(prefixOf(folderPath.split('/'))));
      if (deleted === 0) throw folderNotFound();
      return { message: english('materials.folderDeleted'), deleted };
    },
  };
}
