/** Query keys of the materials library; every mutation invalidates `all`. */
export const materialKeys = {
  all: ['materials'] as const,
  folders: ['materials', 'folders'] as const,
  folder: (folder: string, subfolder?: string) => ['materials', 'folder', folder, subfolder ?? null] as const,
};

/** `GET` path of one folder: each name is one URL segment, encoded (names may hold spaces, '#', '?'). */
export function materialFolderApiPath(folder: string, subfolder?: string): string {
  const segments = subfolder ? [folder, subfolder] : [folder];
  return `/materials/folders/${segments.map(encodeURIComponent).join('/')}`;
}
