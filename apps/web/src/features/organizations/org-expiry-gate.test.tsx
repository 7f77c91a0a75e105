import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../api/session-store';
import { renderRoutes } from '../../test/render';
import { OrgExpiryGate } from './org-expiry-gate';

const expiry = vi.hoisted(() => ({
  calls: [] as { orgId: number; enabled: boolean }[],
  result: { isPending: false, isError: false, data: { expired: false } } as Record<string, unknown>,
}));

vi.mock('./organizations-api', () => ({
  useOrgExpiry: (orgId: number, options: { enabled: boolean }) => {
    expiry.calls.push({ orgId, enabled: options.enabled });
    return options.enabled ? expiry.result : { isPending: true, isError: false, data: undefined };
  },
}));

const session = (role: Session['user']['role']): Session => ({
  accessToken: 't',
  user: { username: 'ada', org: 'Acme', orgId: 42, role, userId: 1 },
});

const routes = [
  {
    path: '/Acme/admin',
    element: (
      <OrgExpiryGate>
        <p>admin content</p>
      </OrgExpiryGate>
    ),
  },
  { path: '/unauthorized', element: <p>unauthorized</p> },
];

describe('OrgExpiryGate', () => {
  beforeEach(() => {
    expiry.calls = [];
  });

  it("checks the logged-in user's organization and lets a licensed one through", async () => {
    expiry.result = { isPending: false, isError: false, data: { expired: false } };
    renderRoutes(routes, { url: '/Acme/admin', session: session('ADMIN') });
    expect(await screen.findByText('admin content')).toBeTruthy();
    expect(expiry.calls.at(-1)).toEqual({ orgId: 42, enabled: true });
  });

  it('sends an expired organization to /unauthorized', async () => {
    expiry.result = { isPending: false, isError: false, data: { expired: true } };
    const { router } = renderRoutes(routes, { url: '/Acme/admin', session: session('ADMIN') });
    expect(await screen.findByText('unauthorized')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('shows nothing of the area while the check is under way', () => {
    expiry.result = { isPending: true, isError: false, data: undefined };
    renderRoutes(routes, { url: '/Acme/admin', session: session('FACILITATOR') });
    expect(screen.queryByText('admin content')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Checking your organization');
  });

  it('never blocks a super admin, and does not even ask', async () => {
    expiry.result = { isPending: false, isError: false, data: { expired: true } };
    renderRoutes(routes, { url: '/Acme/admin', session: session('SUPER_ADMIN') });
    expect(await screen.findByText('admin content')).toBeTruthy();
    expect(expiry.calls.every((call) => !call.enabled)).toBe(true);
  });
});
