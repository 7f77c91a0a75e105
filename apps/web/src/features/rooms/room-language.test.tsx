import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { fakeApi, blueRoom as room, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { CreateRoomForm } from './create-room-form';
import { RoomLanguageSelect } from './room-language';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

/**
 * Opens a Select and picks an option. Mantine keeps each Select's options mounted, and jsdom does not
 * always count an opened dropdown as visible: the option is found among hidden ones too.
 */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }, { timeout: 5000 }));
}

function renderCreateForm() {
  const api = fakeApi({
    'GET /get-org-workshops/Demo Org': () => ({ body: [{ id: 3, name: 'Demo Workshop' }] }),
    'POST /createroom': ({ body }) => ({ body: { ...room, ...(body as object) } }),
  });
  renderRoutes([{ path: '/', element: <CreateRoomForm org="Demo Org" /> }], { session: sessionAs('ADMIN') });
  return api;
}

async function fillNameAndWorkshop(name: string) {
  await screen.findByRole('textbox', { name: 'Workshop' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  await choose('Workshop', 'Demo Workshop');
}

describe("a room's language", () => {
  it("a new room follows the organization's language unless the form chooses one", async () => {
    const { calls } = renderCreateForm();
    await waitFor(() => expect(calls.some((c) => c.path === '/get-org-workshops/Demo Org')).toBe(true));
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveProperty('value', "The organization's");
    await fillNameAndWorkshop('Blue Room');
    fireEvent.click(screen.getByRole('button', { name: 'Create Room' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Blue Room',
      workshopId: 3,
      language: null,
    });

    await fillNameAndWorkshop('Rotes Zimmer');
    await choose('Language', 'Deutsch');
    fireEvent.click(screen.getByRole('button', { name: 'Create Room' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({
      name: 'Rotes Zimmer',
      language: 'de',
    });
  }, 20_000);

  it("the rooms list changes a room's language with PUT /rooms/:id/language, and back to the organization's", async () => {
    const { calls } = fakeApi({
      'PUT /rooms/5/language': ({ body }) => ({ body: { ...room, ...(body as object) } }),
    });
    const view = renderRoutes([{ path: '/', element: <RoomLanguageSelect room={room} /> }], {
      session: sessionAs('ADMIN'),
    });
    await choose('Language of Blue Room', 'Français');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/rooms/5/language', body: { language: 'fr' } });
    view.unmount();

    renderRoutes([{ path: '/', element: <RoomLanguageSelect room={{ ...room, language: 'fr' }} /> }], {
      session: sessionAs('ADMIN'),
    });
    await choose('Language of Blue Room', "The organization's");
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ language: null });
  }, 20_000);

  it('speaks German to a German staff member', async () => {
    await activateLanguage('de');
    renderCreateForm();
    expect(await screen.findByRole('heading', { name: 'Raum anlegen' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Sprache' })).toHaveProperty('value', 'Die der Organisation');
    expect(screen.getByRole('button', { name: 'Raum anlegen' })).toBeTruthy();
  });
});
