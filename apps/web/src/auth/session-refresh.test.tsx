import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../api/session-store';
import { AuthProvider } from './auth-provider';
import { hasSessionHint, SessionRefresh } from './session-refresh';

function renderWith(refresh: () => Promise<unknown>, store = createSessionStore(), hint = true) {
  return render(
    <MantineProvider>
      <AuthProvider store={store}>
        <SessionRefresh refresh={refresh} mayHaveSession={() => hint}>
          <p>app</p>
        </SessionRefresh>
      </AuthProvider>
    </MantineProvider>,
  );
}

describe('SessionRefresh', () => {
  it('shows a loader until the refresh has settled, then the app', async () => {
    let settle: () => void = () => {};
    const refresh = () =>
      new Promise<void>((resolve) => {
        settle = resolve;
      });
    renderWith(refresh);
    expect(screen.queryByText('app')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Restoring your session');

    await act(async () => settle());
    expect(screen.getByText('app')).toBeTruthy();
  });

  it('renders the app logged out when the refresh fails', async () => {
    const store = createSessionStore();
    renderWith(() => Promise.reject(new Error('401')), store);
    expect(await screen.findByText('app')).toBeTruthy();
    expect(store.get()).toBeNull();
  });

  it('does not refresh again when a session is already held', () => {
    let calls = 0;
    const store = createSessionStore({
      accessToken: 't',
      user: { username: 'ada', org: 'Acme', orgId: 1, role: 'ADMIN', userId: 1 },
    });
    renderWith(async () => {
      calls += 1;
    }, store);
    expect(screen.getByText('app')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('sends no refresh without the session hint cookie (a logged-out visit logs no refused /refresh)', () => {
    let calls = 0;
    renderWith(
      async () => {
        calls += 1;
      },
      createSessionStore(),
      false,
    );
    expect(screen.getByText('app')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('reads the hint cookie among others', () => {
    expect(hasSessionHint('a=b; playshop_signed_in=1; c=d')).toBe(true);
    expect(hasSessionHint('playshop_signed_in=1')).toBe(true);
    expect(hasSessionHint('a=b; playshop_signed_in=; c=d')).toBe(false);
    expect(hasSessionHint('not_playshop_signed_in=1')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });
});
