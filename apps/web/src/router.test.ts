import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { discoverStaffRoutes, routes } from './router';

// The staff areas' route tables are discovered on navigation (not in the entry chunk); these check
// that the router still finds their pages on a fresh load and on a client navigation.
const router = (url: string) =>
  createMemoryRouter(routes, { initialEntries: [url], patchRoutesOnNavigation: discoverStaffRoutes });

async function settled(r: ReturnType<typeof router>) {
  await expect
    .poll(() => r.state.initialized && r.state.navigation.state === 'idle', { timeout: 10_000 })
    .toBe(true);
  return r.state.matches.map((match) => match.route.path ?? (match.route.index ? '(index)' : ''));
}

describe('staff routes discovered on navigation', () => {
  it('matches a deep admin page on a fresh load', async () => {
    const r = router('/Acme/admin/players/edit-player/7');
    expect(await settled(r)).toEqual(['', ':org/admin', '', 'players/edit-player/:id']);
    expect(r.state.errors).toBeNull();
  });

  it('matches a facilitator page after a client navigation from the login', async () => {
    const r = router('/');
    await settled(r);
    expect(r.routes[0]?.children?.find((route) => route.id === 'facilitator')?.children).toBeUndefined();
    await r.navigate('/Acme/facilitator/enter');
    expect(await settled(r)).toEqual(['', ':org/facilitator', '', 'enter']);
  });

  // The admin's landing: before the area's table is in, it matches the player's
  // `:org/:username/dashboard` (d0f45cd reverted the discovery for sending admins to /unauthorized).
  it('matches the admin dashboard, not the dashboard of a player called "admin"', async () => {
    expect(await settled(router('/Acme/admin/dashboard'))).toEqual(['', ':org/admin', '', 'dashboard']);
    const r = router('/');
    await settled(r);
    await r.navigate('/Acme/admin/dashboard');
    expect(await settled(r)).toEqual(['', ':org/admin', '', 'dashboard']);
  });

  it('answers an unknown admin path with the admin area’s own not-found page', async () => {
    const r = router('/Acme/admin/no-such-page');
    expect(await settled(r)).toEqual(['', ':org/admin', '', '*']);
  });

  it('leaves the staff tables unloaded on a player’s path', async () => {
    const r = router('/Acme/ada/dashboard');
    expect(await settled(r)).toEqual(['', '', '', ':org/:username/dashboard']);
    const staff = r.routes[0]?.children?.filter(
      (route) => route.id === 'admin' || route.id === 'facilitator',
    );
    expect(staff?.map((route) => route.children)).toEqual([undefined, undefined]);
  });

  it('patches an area once however often it is visited', async () => {
    const r = router('/Acme/admin/players');
    expect(await settled(r)).toEqual(['', ':org/admin', '', 'players']);
    const admin = () => r.routes[0]?.children?.find((route) => route.id === 'admin')?.children?.length;
    const count = admin();
    await r.navigate('/Acme/admin/settings');
    expect(await settled(r)).toEqual(['', ':org/admin', '', 'settings']);
    expect(admin()).toBe(count);
  });
});
