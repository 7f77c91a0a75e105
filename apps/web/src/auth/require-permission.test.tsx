import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../api/session-store';
import { renderRoutes } from '../test/render';
import { RequirePermission } from './require-permission';

const session = (role: Session['user']['role'], org = 'Acme'): Session => ({
  accessToken: 't',
  user: { username: 'ada', org, orgId: 1, role, userId: 1 },
});

const routes = [
  {
    path: '/:org/admin',
    element: <RequirePermission permission="openAdminArea" />,
    children: [{ index: true, element: <p>admin area</p> }],
  },
  { path: '/', element: <p>landing</p> },
  { path: '/unauthorized', element: <p>unauthorized</p> },
];

describe('RequirePermission', () => {
  it('sends a visitor without a session to /', async () => {
    const { router } = renderRoutes(routes, { url: '/Acme/admin' });
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a wrong role to /unauthorized', async () => {
    const { router } = renderRoutes(routes, { url: '/Acme/admin', session: session('FACILITATOR') });
    expect(await screen.findByText('unauthorized')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends an admin of another organization to /unauthorized, but not a super admin', async () => {
    renderRoutes(routes, { url: '/Globex/admin', session: session('ADMIN') });
    expect(await screen.findByText('unauthorized')).toBeTruthy();
  });

  it('lets a super admin into any organization', async () => {
    renderRoutes(routes, { url: '/Globex/admin', session: session('SUPER_ADMIN') });
    expect(await screen.findByText('admin area')).toBeTruthy();
  });

  it('compares the decoded organization name', async () => {
    renderRoutes(routes, { url: '/Acme%20Ltd/admin', session: session('ADMIN', 'Acme Ltd') });
    expect(await screen.findByText('admin area')).toBeTruthy();
  });

  it('logs out to / when the session ends while on a guarded page', async () => {
    const { store } = renderRoutes(routes, { url: '/Acme/admin', session: session('ADMIN') });
    expect(await screen.findByText('admin area')).toBeTruthy();
    store.set(null);
    expect(await screen.findByText('landing')).toBeTruthy();
  });
});
