/** Query keys of the materials library; every mutation invalidates `all`. */
export const materialKeys = {
  all: ['materials'] as const,
  folders: ['materials', 'folders'] as const,
  folder: (folder: string, subfolder?: string) => ['materials', 'folder', folder, subfolder ?? null] as const,
};
