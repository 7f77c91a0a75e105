import { MATERIAL_LINK_TTL_SECONDS, type Role } from '@playshop/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgWorkshops, workshops } from '../db/schema';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { downloadLinks } from './download-links';
import { attachmentHeader } from './routes';
import { putMaterial } from './test-helpers';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

let ctx: TestContext;
/** Bearer headers by caller. */
const as = {} as Record<
  'root' | 'demoAdmin' | 'demoFacilitator' | 'demoPlayer' | 'otherAdmin' | 'otherFacilitator',
  Record<string, string>
>;
let demoOrgId: number;
let demoWorkshopId: number;

async function linkWorkshop(orgId: number, name: string) {
  const [workshop] = await ctx.database.db.insert(workshops).values({ name }).returning();
  await ctx.database.db.insert(orgWorkshops).values({ orgId, workshopId: workshop!.id });
  return workshop!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const demoOrg = await createOrg(ctx.database, { name: 'Demo Org' });
  const otherOrg = await createOrg(ctx.database, { name: 'Other Org' });
  demoOrgId = demoOrg.id;
  demoWorkshopId = await linkWorkshop(demoOrg.id, 'Demo Workshop');
  // Matched trimmed and ignoring case: the folder is 'CASE STUDY'.
  await linkWorkshop(demoOrg.id, '  Case Study ');
  await linkWorkshop(otherOrg.id, 'Other Workshop');
  const sign = async (role: Role, orgId: number) => (await signInNewUser(ctx, role, orgId)).headers;
  as.root = await sign('SUPER_ADMIN', demoOrg.id);
  as.demoAdmin = await sign('ADMIN', demoOrg.id);
  as.demoFacilitator = await sign('FACILITATOR', demoOrg.id);
  as.demoPlayer = await sign('PLAYER', demoOrg.id);
  as.otherAdmin = await sign('ADMIN', otherOrg.id);
  as.otherFacilitator = await sign('FACILITATOR', otherOrg.id);

  for (const key of [
    'documents/Demo Workshop/intro.pdf',
    'documents/Demo Workshop/agenda.txt',
    'documents/Demo Workshop/Handouts/sheet 1.txt',
    'documents/Demo Workshop/Slides/week 10.pdf',
    'documents/Demo Workshop/Slides/week 2.pdf',
    'documents/CASE STUDY/case.txt',
    'documents/Other Workshop/secret.txt',
    'documents/Unlinked/nobody.txt',
    'content-images/not-a-material.png',
  ]) {
    await putMaterial(ctx.storage, key);
  }
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
const enc = encodeURIComponent;
const names = (list: { name: string }[]) => list.map((item) => item.name);

const FOLDER_NOT_FOUND = {
  message: 'Folder not found',
  code: 'FOLDER_NOT_FOUND',
  key: 'materials.folderNotFound',
};
const FILE_NOT_FOUND = { message: 'File not found', code: 'FILE_NOT_FOUND', key: 'materials.fileNotFound' };

describe('GET /materials/folders', () => {
  it('lists every top-level folder for a super admin, by name', async () => {
    const res = await get('/materials/folders', as.root);
    expect(res.statusCode).toBe(200);
    expect(res.json().folders).toEqual([
      { name: 'CASE STUDY', path: 'CASE STUDY' },
      { name: 'Demo Workshop', path: 'Demo Workshop' },
      { name: 'Other Workshop', path: 'Other Workshop' },
      { name: 'Unlinked', path: 'Unlinked' },
    ]);
  });

  it("shows admins and facilitators only folders named after their organization's workshops", async () => {
    for (const headers of [as.demoAdmin, as.demoFacilitator]) {
      const res = await get('/materials/folders', headers);
      expect(res.statusCode).toBe(200);
      expect(names(res.json().folders)).toEqual(['CASE STUDY', 'Demo Workshop']);
    }
    for (const headers of [as.otherAdmin, as.otherFacilitator]) {
      expect(names((await get('/materials/folders', headers)).json().folders)).toEqual(['Other Workshop']);
    }
  });

  it('refuses players (403) and callers without a token (401)', async () => {
    expect((await get('/materials/folders', as.demoPlayer)).statusCode).toBe(403);
    expect((await get('/materials/folders')).statusCode).toBe(401);
  });
});

describe('GET /materials/folders/:folder and /:folder/:subfolder', () => {
  it('lists subfolders and the files directly inside, with SPEC §3 metadata', async () => {
    const res = await get(`/materials/folders/${enc('Demo Workshop')}`, as.demoFacilitator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.folder).toEqual({ name: 'Demo Workshop', path: 'Demo Workshop' });
    expect(body.subfolders).toEqual([
      { name: 'Handouts', path: 'Demo Workshop/Handouts' },
      { name: 'Slides', path: 'Demo Workshop/Slides' },
    ]);
    expect(names(body.files)).toEqual(['agenda.txt', 'intro.pdf']);
    const intro = body.files[1];
    expect(intro).toEqual({
      bucket: 'local',
      name: 'intro.pdf',
      fullPath: 'documents/Demo Workshop/intro.pdf',
      size: Buffer.byteLength('bytes of documents/Demo Workshop/intro.pdf'),
      contentType: 'application/octet-stream',
      timeCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      md5Hash: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
      customMetadata: { 'uploaded-by': 'test' },
    });
  });

  it('lists a subfolder, its files sorted with numbers by value', async () => {
    const res = await get(`/materials/folders/${enc('Demo Workshop')}/Slides`, as.demoAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().folder).toEqual({ name: 'Slides', path: 'Demo Workshop/Slides' });
    expect(res.json().subfolders).toEqual([]);
    expect(names(res.json().files)).toEqual(['week 2.pdf', 'week 10.pdf']);
  });

  it('opens folders with names of the longest length allowed', async () => {
    const longest = 'é'.repeat(60) + 'x'.repeat(60);
    await putMaterial(ctx.storage, `documents/${longest}/${longest}/file.txt`);
    const res = await get(`/materials/folders/${enc(longest)}/${enc(longest)}`, as.root);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().files)).toEqual(['file.txt']);
    await ctx.storage.deletePrefix(`documents/${longest}/`);
  });

  it('matches folder and workshop names ignoring case and surrounding spaces', async () => {
    expect((await get(`/materials/folders/${enc('CASE STUDY')}`, as.demoAdmin)).statusCode).toBe(200);
    expect((await get(`/materials/folders/${enc('CASE STUDY')}`, as.otherAdmin)).statusCode).toBe(404);
  });

  it("answers another tenant's folder exactly like a folder that does not exist", async () => {
    const missing = await get('/materials/folders/Nope', as.demoAdmin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(FOLDER_NOT_FOUND);
    for (const url of [
      `/materials/folders/${enc('Other Workshop')}`,
      `/materials/folders/Unlinked`,
      `/materials/folders/${enc('Demo Workshop')}/Handouts`,
    ]) {
      const res = await get(url, url.includes('Demo') ? as.otherFacilitator : as.demoAdmin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(FOLDER_NOT_FOUND);
    }
    // The super admin sees them all.
    expect((await get(`/materials/folders/${enc('Other Workshop')}`, as.root)).statusCode).toBe(200);
    expect((await get('/materials/folders/Unlinked', as.root)).statusCode).toBe(200);
    // A subfolder that does not exist in a folder the caller sees.
    expect((await get(`/materials/folders/${enc('Demo Workshop')}/Nope`, as.demoAdmin)).json()).toEqual(
      FOLDER_NOT_FOUND,
    );
  });

  it('refuses names that are not folder names, players and anonymous callers', async () => {
    for (const bad of ['a%2Fb', '.hidden', 'a%5Cb', 'x%01y', 'x'.repeat(121)]) {
      expect((await get(`/materials/folders/${bad}`, as.root)).statusCode, bad).toBe(400);
    }
    // '..' never reaches the route: the URL is normalised to another path first.
    expect((await get('/materials/folders/%2E%2E', as.root)).statusCode).toBe(404);
    expect((await get(`/materials/folders/${enc('Demo Workshop')}`, as.demoPlayer)).statusCode).toBe(403);
    expect((await get(`/materials/folders/${enc('Demo Workshop')}`)).statusCode).toBe(401);
    expect((await get(`/materials/folders/${enc('Demo Workshop')}/Slides`, as.demoPlayer)).statusCode).toBe(
      403,
    );
    expect((await get(`/materials/folders/${enc('Demo Workshop')}/Slides`)).statusCode).toBe(401);
  });
});

describe('download links', () => {
  const linkFor = async (filePath: string, headers: Record<string, string>) =>
    post('/materials/download-link', { filePath }, headers);

  it('gives a signed link that downloads the file without a token, as an attachment', async () => {
    const before = Date.now();
    const res = await linkFor('documents/Demo Workshop/intro.pdf', as.demoFacilitator);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/api\/v1\/materials\/download\?path=.+&user=\d+&expires=\d+&signature=[\w-]+$/);
    // Whole seconds, so up to a second short of the full TTL.
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThan(before + (MATERIAL_LINK_TTL_SECONDS - 1) * 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + MATERIAL_LINK_TTL_SECONDS * 1000);

    const download = await ctx.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('bytes of documents/Demo Workshop/intro.pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="intro.pdf"; filename*=UTF-8''intro.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-length']).toBe(String(download.rawPayload.length));
    expect(download.headers['content-type']).toBe('application/octet-stream');
  });

  it('accepts the path without documents/, and names non-ASCII files with an ASCII fallback', async () => {
    await putMaterial(
      ctx.storage,
      'documents/Demo Workshop/Ünïcode "plan" (v2).pdf',
      'pdf',
      'application/pdf',
    );
    const { url } = (await linkFor('Demo Workshop/Ünïcode "plan" (v2).pdf', as.demoAdmin)).json();
    const download = await ctx.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_n_code _plan_ (v2).pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22plan%22%20%28v2%29.pdf`,
    );
    expect(attachmentHeader("it's*.txt")).toBe(
      `attachment; filename="it's*.txt"; filename*=UTF-8''it%27s%2A.txt`,
    );
  });

  it("refuses a link to another tenant's file, a missing file, players and anonymous callers", async () => {
    for (const [filePath, headers] of [
      ['documents/Other Workshop/secret.txt', as.demoAdmin],
      ['documents/Unlinked/nobody.txt', as.demoFacilitator],
      ['documents/Demo Workshop/intro.pdf', as.otherAdmin],
      ['documents/Demo Workshop/missing.pdf', as.demoAdmin],
      ['documents/Demo Workshop/missing.pdf', as.root],
    ] as const) {
      const res = await linkFor(filePath, headers);
      expect(res.statusCode, filePath).toBe(404);
      expect(res.json()).toEqual(FILE_NOT_FOUND);
    }
    expect((await linkFor('documents/Other Workshop/secret.txt', as.root)).statusCode).toBe(200);
    expect((await linkFor('documents/Demo Workshop/intro.pdf', as.demoPlayer)).statusCode).toBe(403);
    expect((await linkFor('documents/Demo Workshop/intro.pdf', {})).statusCode).toBe(401);
    for (const bad of [
      '../../jwt-secret',
      'documents/../x.txt',
      'x.txt',
      'a/b/c/d.txt',
      'content-images/a.png',
    ]) {
      expect((await linkFor(bad, as.root)).statusCode, bad).toBe(bad === 'content-images/a.png' ? 404 : 400);
    }
  });

  it('refuses a tampered, re-pointed, expired or incomplete link with 403', async () => {
    const { url } = (await linkFor('documents/Demo Workshop/intro.pdf', as.demoAdmin)).json();
    const query = new URL(url, 'http://x').searchParams;
    const refused = async (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(query);
      for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
      const res = await ctx.app.inject({ url: `/api/v1/materials/download?${next}` });
      expect(res.statusCode, JSON.stringify(changes)).toBe(403);
      expect(res.json()).toEqual({
        message: 'This download link has expired or is not valid',
        key: 'materials.linkExpired',
        code: 'LINK_INVALID',
      });
    };
    const signature = query.get('signature')!;
    await refused({ signature: `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}` });
    await refused({ signature: '' });
    await refused({ path: 'documents/Other Workshop/secret.txt' });
    await refused({ expires: String(Number(query.get('expires')) + 3600) });
    await refused({ user: '1' });
    await refused({ path: null });

    // A link signed with the server's key whose five minutes are over.
    const longAgo = Date.now() - (MATERIAL_LINK_TTL_SECONDS + 1) * 1000;
    const oldLinks = downloadLinks({ secret: JWT_SECRET, now: () => longAgo });
    const stale = oldLinks.create({ fullPath: query.get('path')!, userId: Number(query.get('user')) });
    expect((await ctx.app.inject({ url: stale.url })).statusCode).toBe(403);
    // The same signer with a fresh clock makes a working link: the 403 above was the expiry.
    const fresh = downloadLinks({ secret: JWT_SECRET }).create({
      fullPath: query.get('path')!,
      userId: Number(query.get('user')),
    });
    expect((await ctx.app.inject({ url: fresh.url })).statusCode).toBe(200);
    // Another server secret: not valid here.
    const foreign = downloadLinks({ secret: 'another-secret-that-is-long-enough-too!!' }).create({
      fullPath: query.get('path')!,
      userId: Number(query.get('user')),
    });
    expect((await ctx.app.inject({ url: foreign.url })).statusCode).toBe(403);
  });

  it('stops working once the folder is no longer the holder’s, and 404s a file deleted since', async () => {
    await putMaterial(ctx.storage, 'documents/Demo Workshop/Temp/later.txt');
    const { url } = (await linkFor('documents/Demo Workshop/Temp/later.txt', as.demoFacilitator)).json();
    await ctx.database.db
      .delete(orgWorkshops)
      .where(and(eq(orgWorkshops.orgId, demoOrgId), eq(orgWorkshops.workshopId, demoWorkshopId)));
    try {
      expect((await ctx.app.inject({ url })).statusCode).toBe(403);
    } finally {
      await ctx.database.db.insert(orgWorkshops).values({ orgId: demoOrgId, workshopId: demoWorkshopId });
    }
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    await ctx.storage.delete('documents/Demo Workshop/Temp/later.txt');
    const gone = await ctx.app.inject({ url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(FILE_NOT_FOUND);
  });
});

describe('POST /rename-folder', () => {
  const rename = (oldFolderPath: string, newFolderPath: string, headers = as.root) =>
    post('/rename-folder', { oldFolderPath, newFolderPath }, headers);

  it('renames a subfolder in place and moves its files', async () => {
    await putMaterial(ctx.storage, 'documents/Rename Me/Old/a.txt', 'A');
    await putMaterial(ctx.storage, 'documents/Rename Me/Old/b.txt', 'B');
    const res = await rename('Rename Me/Old', 'documents/Rename Me/New');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Folder renamed successfully',
      folder: { name: 'New', path: 'Rename Me/New' },
    });
    const moved = (await get(`/materials/folders/${enc('Rename Me')}/New`, as.root)).json();
    expect(names(moved.files)).toEqual(['a.txt', 'b.txt']);
    expect((await get(`/materials/folders/${enc('Rename Me')}/Old`, as.root)).statusCode).toBe(404);
  });

  it('renames a top-level folder, which then shows to the organizations of the matching workshop', async () => {
    await putMaterial(ctx.storage, 'documents/demo-draft/x.txt');
    expect(names((await get('/materials/folders', as.demoAdmin)).json().folders)).not.toContain('demo-draft');
    expect((await rename('demo-draft', 'Demo Draft')).statusCode).toBe(200);
    await linkWorkshop(demoOrgId, 'Demo Draft');
    expect(names((await get('/materials/folders', as.demoAdmin)).json().folders)).toContain('Demo Draft');
  });

  it('treats the same name as a no-op', async () => {
    const res = await rename('Demo Workshop/Handouts', 'Demo Workshop/Handouts');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Folder renamed successfully');
    expect((await get(`/materials/folders/${enc('Demo Workshop')}/Handouts`, as.root)).statusCode).toBe(200);
  });

  it('refuses a move to another folder or level, an existing name, a missing folder and bad names', async () => {
    const move = await rename('Demo Workshop/Handouts', 'Other Workshop/Handouts');
    expect(move.statusCode).toBe(400);
    expect(move.json()).toMatchObject({
      message: 'A folder can only be renamed, not moved to another folder',
      code: 'RENAME_NOT_A_MOVE',
    });
    expect((await rename('Demo Workshop/Handouts', 'Handouts')).statusCode).toBe(400);
    const taken = await rename('Demo Workshop/Handouts', 'Demo Workshop/Slides');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'FOLDER_EXISTS',
      message: 'A folder with this name already exists',
    });
    expect((await rename('Nope', 'Still Nope')).json()).toEqual(FOLDER_NOT_FOUND);
    for (const bad of ['..', 'Demo Workshop/..', 'a/b/c', '', '.hidden', 'x\u0007']) {
      expect((await rename('Demo Workshop/Handouts', bad)).statusCode, bad).toBe(400);
    }
    const reserved = await rename('Demo Workshop/Handouts', 'Demo Workshop/Edit');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().code).toBe('NAME_RESERVED');
    // Nothing moved.
    expect((await get(`/materials/folders/${enc('Demo Workshop')}/Handouts`, as.root)).statusCode).toBe(200);
  });

  it('is for the super admin only', async () => {
    for (const headers of [as.demoAdmin, as.demoFacilitator, as.demoPlayer]) {
      expect((await rename('Demo Workshop/Handouts', 'Demo Workshop/X', headers)).statusCode).toBe(403);
    }
    expect((await rename('Demo Workshop/Handouts', 'Demo Workshop/X', {})).statusCode).toBe(401);
  });
});

describe('POST /delete-file and /delete-folder', () => {
  it('deletes one file for the super admin, then 404s it', async () => {
    await putMaterial(ctx.storage, 'documents/Delete Me/one.txt');
    await putMaterial(ctx.storage, 'documents/Delete Me/two.txt');
    for (const headers of [as.demoAdmin, as.demoFacilitator, as.demoPlayer]) {
      expect(
        (await post('/delete-file', { filePath: 'documents/Delete Me/one.txt' }, headers)).statusCode,
      ).toBe(403);
    }
    expect((await post('/delete-file', { filePath: 'documents/Delete Me/one.txt' })).statusCode).toBe(401);
    const res = await post('/delete-file', { filePath: 'documents/Delete Me/one.txt' }, as.root);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'File deleted successfully' });
    expect(await ctx.storage.head('documents/Delete Me/one.txt')).toBeNull();
    expect(await ctx.storage.head('documents/Delete Me/two.txt')).not.toBeNull();
    expect((await post('/delete-file', { filePath: 'Delete Me/one.txt' }, as.root)).json()).toEqual(
      FILE_NOT_FOUND,
    );
    expect((await post('/delete-file', { filePath: '../../jwt-secret' }, as.root)).statusCode).toBe(400);
  });

  it('deletes a folder with everything inside for the super admin, then 404s it', async () => {
    await putMaterial(ctx.storage, 'documents/Gone/a.txt');
    await putMaterial(ctx.storage, 'documents/Gone/Sub/b.txt');
    await putMaterial(ctx.storage, 'documents/Gone Too/keep.txt');
    for (const headers of [as.demoAdmin, as.demoFacilitator, as.demoPlayer]) {
      expect((await post('/delete-folder', { folderPath: 'Gone' }, headers)).statusCode).toBe(403);
    }
    expect((await post('/delete-folder', { folderPath: 'Gone' })).statusCode).toBe(401);
    const res = await post('/delete-folder', { folderPath: 'Gone' }, as.root);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Folder deleted successfully', deleted: 2 });
    expect((await get('/materials/folders/Gone', as.root)).statusCode).toBe(404);
    // A folder whose name starts the same is another folder.
    expect(await ctx.storage.head('documents/Gone Too/keep.txt')).not.toBeNull();
    expect((await post('/delete-folder', { folderPath: 'Gone' }, as.root)).json()).toEqual(FOLDER_NOT_FOUND);
    expect((await post('/delete-folder', { folderPath: '..' }, as.root)).statusCode).toBe(400);
  });

  it('deletes a subfolder only', async () => {
    await putMaterial(ctx.storage, 'documents/Partly/keep.txt');
    await putMaterial(ctx.storage, 'documents/Partly/Sub/drop.txt');
    const res = await post('/delete-folder', { folderPath: 'documents/Partly/Sub' }, as.root);
    expect(res.json()).toEqual({ message: 'Folder deleted successfully', deleted: 1 });
    expect(names((await get('/materials/folders/Partly', as.root)).json().files)).toEqual(['keep.txt']);
  });
});
