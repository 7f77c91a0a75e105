import type { Role } from '@playshop/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { TopBar } from './top-bar';

const session = (role: Role, username: string) => ({
  accessToken: 't',
  user: { username, org: 'Acme & Co', orgId: 3, role, userId: 9 },
});

const renderBar = (s: ReturnType<typeof session> | null) =>
  renderRoutes([{ path: '*', element: <TopBar /> }], { url: '/somewhere', session: s });

describe('TopBar', () => {
  it.each([
    ['SUPER_ADMIN', 'root@example.test', '/Acme%20%26%20Co/admin/dashboard'],
    ['ADMIN', 'ada@example.test', '/Acme%20%26%20Co/admin/dashboard'],
    ['FACILITATOR', 'fay@example.test', '/Acme%20%26%20Co/facilitator/enter'],
    ['PLAYER', 'pat', '/Acme%20%26%20Co/pat/dashboard'],
  ] as const)("sends a signed-in %s's logo click to their own home", async (role, username, home) => {
    renderBar(session(role, username));
    const logo = await screen.findByRole('link', { name: 'Playshop home' });
    expect(logo.getAttribute('href')).toBe(home);
    expect(screen.queryByRole('link', { name: 'ORGANIZATION' })).toBeNull();
  });

  it('sends a signed-out logo click to / and offers ORGANIZATION', async () => {
    renderBar(null);
    expect((await screen.findByRole('link', { name: 'Playshop home' })).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'ORGANIZATION' })).toBeTruthy();
  });

  it('has a user menu saying who is signed in, in which organization and role, with Logout', async () => {
    renderBar(session('FACILITATOR', 'fay@example.test'));
    fireEvent.click(await screen.findByRole('button', { name: 'Account: fay@example.test' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('fay@example.test');
    expect(menu.textContent).toContain('Acme & Co');
    expect(menu.textContent).toContain('Facilitator');
    // Staff also choose the language of their screens here (issue 32; all six since issue 44, each
    // named in itself), and see where they are signed in (issue 43).
    const items = [...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
    expect(items).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Español',
      'Nederlands',
      'العربية',
      "Where you're signed in",
      'Logout',
    ]);
  });
});
