import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { adminMaterialsRoutes } from './materials-routes';

const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock('../../ui/toast', () => ({
  toastSuccess: (text: string) => toasts.success.push(text),
  toastError: () => {},
}));

const routes = [
  { path: '/:org/admin', children: adminMaterialsRoutes },
  { path: '/unauthorized', element: <p>unauthorized</p> },
];
const folders = { folders: [{ name: 'Demo Workshop', path: 'Demo Workshop' }] };
const demoFolder = {
  folder: { name: 'Demo Workshop', path: 'Demo Workshop' },
  subfolders: [{ name: 'Handouts', path: 'Demo Workshop/Handouts' }],
  files: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.success = [];
});

async function pickFile(bytes: number, name = 'Guide.pdf') {
  await screen.findByRole('heading', { level: 1, name: 'Upload material' });
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('upload page', () => {
  it('asks for a file and a folder (SPEC §5 texts)', async () => {
    fakeApi({ 'GET /materials/folders': () => ({ body: folders }) });
    renderRoutes(routes, { url: '/Demo%20Org/admin/materials/upload', session: sessionAs('SUPER_ADMIN') });
    // The first test loads the area's and the upload page's chunks (both lazy routes) cold.
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }, { timeout: 5000 }));
    expect(await screen.findByText('Please select a file to upload.')).toBeTruthy();
    expect(screen.getByText('Please select or create a folder.')).toBeTruthy();
  });

  it('refuses an existing folder and a new folder together, likewise subfolders', async () => {
    fakeApi({
      'GET /materials/folders': () => ({ body: folders }),
      'GET /materials/folders/Demo Workshop': () => ({ body: demoFolder }),
    });
    renderRoutes(routes, {
      url: '/Demo%20Org/admin/materials/upload?folder=Demo%20Workshop&subfolder=Handouts',
      session: sessionAs('SUPER_ADMIN'),
    });
    await pickFile(1000);
    fireEvent.change(await screen.findByRole('textbox', { name: 'New folder' }), {
      target: { value: 'Other' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'New subfolder' }), { target: { value: 'Slides' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Please either select an existing folder or create a new one, not both.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Please either select an existing subfolder or create a new one, not both.'),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("refuses a file over 5 MB with 'File size too large' before sending a byte", async () => {
    const { calls } = fakeApi({ 'GET /materials/folders': () => ({ body: folders }) });
    renderRoutes(routes, { url: '/Demo%20Org/admin/materials/upload', session: sessionAs('SUPER_ADMIN') });
    await pickFile(5 * 1024 * 1024 + 1);
    expect(await screen.findByText('File size too large')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'New folder' }), {
      target: { value: 'Demo Workshop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('File size too large')).toBeTruthy());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('is for the super admin only', async () => {
    fakeApi({ 'GET /materials/folders': () => ({ body: folders }) });
    const { router } = renderRoutes(routes, {
      url: '/Demo%20Org/admin/materials/upload',
      session: sessionAs('ADMIN'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('rename folder page', () => {
  const subfolder = { ...demoFolder, folder: { name: 'Handouts', path: 'Demo Workshop/Handouts' } };

  it('renames a subfolder inside its folder and opens the new address', async () => {
    const { calls } = fakeApi({
      'GET /materials/folders/Demo Workshop/Handouts': () => ({ body: subfolder }),
      'POST /rename-folder': () => ({
        body: {
          message: 'Folder renamed successfully',
          folder: { name: 'Slides', path: 'Demo Workshop/Slides' },
        },
      }),
    });
    const { router } = renderRoutes(routes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop/Handouts/edit',
      session: sessionAs('SUPER_ADMIN'),
    });
    const name = (await screen.findByRole('textbox', { name: 'Folder name' })) as HTMLInputElement;
    expect(name.value).toBe('Handouts');
    fireEvent.change(name, { target: { value: ' Slides ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/Demo%20Org/admin/materials/Demo%20Workshop/Slides'),
    );
    expect(calls.find((c) => c.path === '/rename-folder')?.body).toEqual({
      oldFolderPath: 'Demo Workshop/Handouts',
      newFolderPath: 'Demo Workshop/Slides',
    });
    expect(toasts.success).toEqual(['Folder renamed successfully']);
  });

  it('goes back without a request when the name is unchanged', async () => {
    const { calls } = fakeApi({
      'GET /materials/folders/Demo Workshop/Handouts': () => ({ body: subfolder }),
    });
    const { router } = renderRoutes(routes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop/Handouts/edit',
      session: sessionAs('SUPER_ADMIN'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/Demo%20Org/admin/materials/Demo%20Workshop/Handouts'),
    );
    expect(calls.some((c) => c.path === '/rename-folder')).toBe(false);
  });

  it("shows the server's refusal under the name (a folder with that name exists)", async () => {
    fakeApi({
      'GET /materials/folders/Demo Workshop/Handouts': () => ({ body: subfolder }),
      'POST /rename-folder': () => ({
        status: 409,
        body: { message: 'A folder with this name already exists', code: 'FOLDER_EXISTS' },
      }),
    });
    renderRoutes(routes, {
      url: '/Demo%20Org/admin/materials/Demo%20Workshop/Handouts/edit',
      session: sessionAs('SUPER_ADMIN'),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Folder name' }), {
      target: { value: 'Taken' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: A folder with this name already exists')).toBeTruthy();
  });
});
