import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { facilitatorOnlineRoutes } from '../../areas/facilitator/facilitator-routes';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { materialFile } from './material-fixtures';
import { adminMaterialsRoutes } from './materials-routes';

const navigated = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('./navigate-to-url', () => ({ navigateToUrl: (url: string) => navigated.urls.push(url) }));
const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock('../../ui/toast', () => ({
  toastSuccess: (text: string) => toasts.success.push(text),
  toastError: () => {},
}));

const demoFolder = {
  folder: { name: 'Demo Workshop', path: 'Demo Workshop' },
  subfolders: [{ name: 'Handouts', path: 'Demo Workshop/Handouts' }],
  files: [materialFile('Demo Workshop', 'Agenda.pdf', 3 * 1024 * 1024)],
};

const adminRoutes = [{ path: '/:org/admin', children: adminMaterialsRoutes }];
const onlineRoutes = [{ path: '/:org/facilitator/online', children: facilitatorOnlineRoutes }];

afterEach(() => {
  vi.unstubAllGlobals();
  navigated.urls = [];
  toasts.success = [];
});

describe('materials folder page', () => {
  it('lists subfolders and files with a readable size, and downloads through a fresh signed link', async () => {
    const { calls } = fakeApi({
      'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }),
      'POST /materials/download-link': () => ({
        body: { url: '/api/v1/materials/download/signed', expiresAt: '' },
      }),
    });
    renderRoutes(onlineRoutes, {
      url: '/Demo%20Org/facilitator/online/materials/Demo%20Workshop',
      session: sessionAs('FACILITATOR'),
    });

    // The first render loads the lazy page and its styles: give it more than the default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo Workshop' }, { timeout: 5000 }),
    ).toBeTruthy();
    const subfolders = screen.getByRole('list', { name: 'Subfolders' });
    expect(within(subfolders).getByRole('link', { name: 'Handouts' }).getAttribute('href')).toBe(
      '/Demo%20Org/facilitator/online/materials/Demo%20Workshop/Handouts',
    );
    const row = screen.getByRole('row', { name: /Agenda\.pdf/ });
    expect(within(row).getByText('3.0 MB')).toBeTruthy();
    expect(within(row).getByText('PDF')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download Agenda.pdf' }));
    await waitFor(() => expect(navigated.urls).toEqual(['/api/v1/materials/download/signed']));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { filePath: 'documents/Demo Workshop/Agenda.pdf' },
    });
  });

  it('is read-only for a facilitator: no upload, rename or delete controls', async () => {
    fakeApi({ 'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }) });
    renderRoutes(onlineRoutes, {
      url: '/Demo%20Org/facilitator/online/materials/Demo%20Workshop',
      session: sessionAs('FACILITATOR'),
    });
    await screen.findByRole('row', { name: /Agenda\.pdf/ });
    expect(screen.queryByRole('link', { name: 'Upload here' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Rename folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Agenda.pdf' })).toBeNull();
  });

  it("shows 'Folder not found' for a folder the server does not show this user", async () => {
    fakeApi({});
    renderRoutes(onlineRoutes, {
      url: '/Demo%20Org/facilitator/online/materials/Secret',
      session: sessionAs('FACILITATOR'),
    });
    expect(await screen.findByText('Folder not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to materials' }).getAttribute('href')).toBe(
      '/Demo%20Org/facilitator/online/materials',
    );
  });

  it('lets the super admin delete a folder after warning that its files go too, then goes up', async () => {
    const { calls } = fakeApi({
      'GET /materials/folders/Demo Workshop/Handouts': () => ({
        body: { ...demoFolder, folder: { name: 'Handouts', path: 'Demo Workshop/Handouts' }, subfolders: [] },
      }),
      'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }),
      'POST /delete-folder': () => ({ body: { message: 'Folder deleted successfully', deleted: 1 } }),
    });
    const { router } = renderRoutes(adminRoutes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop/Handouts',
      session: sessionAs('SUPER_ADMIN'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder' });
    expect(within(dialog).getByText('All files inside this folder will be deleted.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/Demo%20Org/admin/materials/Demo%20Workshop'),
    );
    expect(calls.find((c) => c.path === '/delete-folder')?.body).toEqual({
      folderPath: 'Demo Workshop/Handouts',
    });
    expect(toasts.success).toContain('Folder deleted successfully');
  });

  it("asks 'Are you sure you want to delete this file?' before deleting a file", async () => {
    const { calls } = fakeApi({
      'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }),
      'POST /delete-file': () => ({ body: { message: 'File deleted successfully' } }),
    });
    renderRoutes(adminRoutes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop',
      session: sessionAs('SUPER_ADMIN'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Agenda.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toasts.success).toContain('File deleted successfully'));
    expect(calls.find((c) => c.path === '/delete-file')?.body).toEqual({
      filePath: 'documents/Demo Workshop/Agenda.pdf',
    });
  });
});

describe('deleting the last file', () => {
  it('leaves the folder, which no longer exists once it is empty', async () => {
    let deleted = false;
    const handouts = {
      folder: { name: 'Handouts', path: 'Demo Workshop/Handouts' },
      subfolders: [],
      files: [materialFile('Demo Workshop/Handouts', 'Only.pdf', 100)],
    };
    fakeApi({
      'GET /materials/folders/Demo Workshop/Handouts': () =>
        deleted
          ? { status: 404, body: { message: 'Folder not found', code: 'NOT_FOUND' } }
          : { body: handouts },
      'GET /materials/folders/Demo Workshop': () => ({ body: { ...demoFolder, subfolders: [] } }),
      'POST /delete-file': () => {
        deleted = true;
        return { body: { message: 'File deleted successfully' } };
      },
    });
    const { router } = renderRoutes(adminRoutes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop/Handouts',
      session: sessionAs('SUPER_ADMIN'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Only.pdf' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/Demo%20Org/admin/materials/Demo%20Workshop'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Workshop' })).toBeTruthy();
  });
});

describe('materials file list on a narrow screen', () => {
  it('shows one card per file with Download and Delete, and the same confirmation', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('61.99em') });
    try {
      const { calls } = fakeApi({
        'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }),
        'POST /delete-file': () => ({ status: 404, body: { message: 'File not found', code: 'NOT_FOUND' } }),
      });
      renderRoutes(adminRoutes, {
        url: '/Demo%20Org/admin/materials/Demo%20Workshop',
        session: sessionAs('SUPER_ADMIN'),
      });
      const card = within(await screen.findByRole('list', { name: 'Files' })).getByRole('listitem');
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(card).getByText(/3\.0 MB · PDF/)).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Download Agenda.pdf' })).toBeTruthy();

      fireEvent.click(within(card).getByRole('button', { name: 'Delete Agenda.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
      expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
      // A refusal keeps the dialog open and says why, in red.
      expect(await within(dialog).findByText('Error: File not found')).toBeTruthy();
      expect(calls.filter((c) => c.path === '/delete-file')).toHaveLength(1);
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('materials folder grid', () => {
  const folders = ['beta', 'Alpha', 'Gamma'].map((name) => ({ name, path: name }));

  it('sorts by name and toggles between ascending and descending', async () => {
    fakeApi({ 'GET /materials/folders': () => ({ body: { folders } }) });
    renderRoutes(adminRoutes, { url: '/Demo%20Org/admin/materials', session: sessionAs('ADMIN') });
    const names = async () =>
      within(await screen.findByRole('list', { name: 'Folders' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(await names()).toEqual(['Alpha', 'beta', 'Gamma']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort: Name A–Z' }));
    await waitFor(async () => expect(await names()).toEqual(['Gamma', 'beta', 'Alpha']));
    // An admin browses; only the super admin uploads.
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull();
  });

  it("says 'No folders found' when there are none, and offers Upload to the super admin", async () => {
    fakeApi({ 'GET /materials/folders': () => ({ body: { folders: [] } }) });
    renderRoutes(adminRoutes, { url: '/Demo%20Org/admin/materials', session: sessionAs('SUPER_ADMIN') });
    expect(await screen.findByText('No folders found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload' }).getAttribute('href')).toBe(
      '/Demo%20Org/admin/materials/upload',
    );
  });
});
