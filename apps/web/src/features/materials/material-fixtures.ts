import type { MaterialFile } from '@playshop/shared';

/** A stored PDF in the documents library, as the materials API lists it. */
export function materialFile(folderPath: string, name: string, size: number): MaterialFile {
  return {
    bucket: 'local',
    name,
    fullPath: `documents/${folderPath}/${name}`,
    size,
    contentType: 'application/pdf',
    timeCreated: '2025-01-02T10:00:00.000Z',
    updated: '2025-01-02T10:00:00.000Z',
    md5Hash: null,
    customMetadata: {},
  };
}
