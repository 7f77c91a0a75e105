import type { DownloadLinks } from './download-links';
import { materialFiles } from './files';
import { materialFolders } from './folders';
import { type LibraryDeps, materialsLibrary } from './library';
import { materialUploads } from './uploads';

/**
 * The materials library (SPEC §2 Materials, §6, §7): documents under documents/{folder}/{subfolder}.
 * Super admins see and change everything; admins and facilitators see only the folders named after a
 * workshop linked to their organization, and anything else is 'Folder not found', as if it did not exist.
 * Folders (folders.ts), files and their download links (files.ts) and uploads (uploads.ts) read
 * through the library (library.ts).
 */
export function materialsService({ links, ...deps }: LibraryDeps & { links: DownloadLinks }) {
  const library = materialsLibrary(deps);
  return {
    ...materialFolders(library),
    ...materialFiles(deps.db, links, library),
    ...materialUploads(library),
  };
}
export type MaterialsService = ReturnType<typeof materialsService>;
