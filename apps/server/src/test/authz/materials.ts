import { eq } from 'drizzle-orm';
import { workshops } from '../../db/schema';
import { putMaterial } from '../../materials/test-helpers';
import {
  type AuthzRow,
  allowed,
  enc,
  type MatrixFixture,
  type OrgSide,
  STAFF,
  SUPER,
  same,
  scoped,
  scopedGet,
  unscopedGet,
} from './core';

/** Reads of `side`'s workshop folder: its staff and any super admin. */
const scopedRead = { own: allowed(STAFF), other: scoped(STAFF) };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** The folder named after `side`'s workshop, with a file and a subfolder 'Handouts' holding one. */
async function workshopFolder(f: MatrixFixture, side: OrgSide): Promise<string> {
  const [workshop] = await f.database.db
    .select({ name: workshops.name })
    .from(workshops)
    .where(eq(workshops.id, side.workshopId));
  const folder = workshop!.name;
  await putMaterial(f.storage, `documents/${folder}/guide.pdf`);
  await putMaterial(f.storage, `documents/${folder}/Handouts/sheet.pdf`);
  return folder;
}

/** A fresh folder with one file, for calls that change or delete it. */
async function freshFolder(f: MatrixFixture): Promise<string> {
  const folder = f.unique('Folder');
  await putMaterial(f.storage, `documents/${folder}/file.txt`);
  return folder;
}

const tusHeaders = { 'tus-resumable': '1.0.0' };

export function materialsRows(): AuthzRow[] {
  return [
    unscopedGet('/materials/folders', STAFF),
    scopedGet(
      '/materials/folders/:folder',
      STAFF,
      async (side, f) => `/materials/folders/${enc(await workshopFolder(f, side))}`,
    ),
    scopedGet(
      '/materials/folders/:folder/:subfolder',
      STAFF,
      async (side, f) => `/materials/folders/${enc(await workshopFolder(f, side))}/Handouts`,
    ),
    {
      method: 'POST',
      path: '/materials/download-link',
      ...scopedRead,
      request: async (f, side) => ({
        url: '/materials/download-link',
        payload: { filePath: `documents/${await workshopFolder(f, side)}/guide.pdf` },
      }),
    },
    // Public: a browser download sends no token; the signature is the permission (a forged one: 403).
    {
      method: 'GET',
      path: '/materials/download',
      anonymous: 403,
      request: () => ({
        url: '/materials/download?path=documents%2Fa%2Fb.pdf&user=1&expires=9999999999&signature=x',
      }),
    },
    {
      method: 'POST',
      path: '/rename-folder',
      ...same(allowed(SUPER)),
      request: async (f) => ({
        url: '/rename-folder',
        payload: { oldFolderPath: await freshFolder(f), newFolderPath: f.unique('Renamed') },
      }),
    },
    {
      method: 'POST',
      path: '/delete-folder',
      ...same(allowed(SUPER)),
      request: async (f) => ({ url: '/delete-folder', payload: { folderPath: await freshFolder(f) } }),
    },
    {
      method: 'POST',
      path: '/delete-file',
      ...same(allowed(SUPER)),
      request: async (f) => ({
        url: '/delete-file',
        payload: { filePath: `${await freshFolder(f)}/file.txt` },
      }),
    },
    {
      method: 'POST',
      path: '/material-uploads',
      ...same(allowed(SUPER, 201)),
      request: (f) => ({
        url: '/material-uploads',
        headers: {
          ...tusHeaders,
          'upload-length': '10',
          'upload-metadata': `filename ${b64(`${f.unique('File')}.pdf`)},folder ${b64('Matrix Uploads')}`,
        },
      }),
    },
    // An unknown upload id: the super admin reaches the ownership check (404), everyone else is stopped before it.
    {
      method: 'PATCH',
      path: '/material-uploads/:uploadId',
      ...same(allowed(SUPER, 404)),
      request: () => ({
        url: '/material-uploads/0123456789abcdef0123456789abcdef',
        headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      }),
    },
    {
      method: 'DELETE',
      path: '/material-uploads/:uploadId',
      ...same(allowed(SUPER, 404)),
      request: () => ({ url: '/material-uploads/0123456789abcdef0123456789abcdef', headers: tusHeaders }),
    },
  ];
}
