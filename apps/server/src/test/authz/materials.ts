import { eq } from 'drizzle-orm';
import { workshops } from '../../db/schema';
import { putMaterial } from '../../materials/test-helpers';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { allowed, enc, row, STAFF, SUPER, same, scopedGet, scopedTo, unscopedGet } from './core';

/** Reads of `side`'s workshop folder: its staff and any super admin. */
const scopedRead = scopedTo(STAFF);
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
    row('POST', '/materials/download-link', scopedRead, async (f, side) => ({
      url: '/materials/download-link',
      payload: { filePath: `documents/${await workshopFolder(f, side)}/guide.pdf` },
    })),
    // Public: a browser download sends no token; the signature is the permission (a forged one: 403).
    row('GET', '/materials/download', { anonymous: 403 }, () => ({
      url: '/materials/download?path=documents%2Fa%2Fb.pdf&user=1&expires=9999999999&signature=x',
    })),
    row('POST', '/rename-folder', same(allowed(SUPER)), async (f) => ({
      url: '/rename-folder',
      payload: { oldFolderPath: await freshFolder(f), newFolderPath: f.unique('Renamed') },
    })),
    row('POST', '/delete-folder', same(allowed(SUPER)), async (f) => ({
      url: '/delete-folder',
      payload: { folderPath: await freshFolder(f) },
    })),
    row('POST', '/delete-file', same(allowed(SUPER)), async (f) => ({
      url: '/delete-file',
      payload: { filePath: `${await freshFolder(f)}/file.txt` },
    })),
    row('POST', '/material-uploads', same(allowed(SUPER, 201)), (f) => ({
      url: '/material-uploads',
      headers: {
        ...tusHeaders,
        'upload-length': '10',
        'upload-metadata': `filename ${b64(`${f.unique('File')}.pdf`)},folder ${b64('Matrix Uploads')}`,
      },
    })),
    // An unknown upload id: the super admin reaches the ownership check (404), everyone else is stopped before it.
    row('PATCH', '/material-uploads/:uploadId', same(allowed(SUPER, 404)), () => ({
      url: '/material-uploads/0123456789abcdef0123456789abcdef',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    })),
    row('DELETE', '/material-uploads/:uploadId', same(allowed(SUPER, 404)), () => ({
      url: '/material-uploads/0123456789abcdef0123456789abcdef',
      headers: tusHeaders,
    })),
  ];
}
