import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedOrg } from '../../auth/remembered-org';
import { activateLanguage } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { PlayerLoginPage } from './player-login-page';

describe('PlayerLoginPage', () => {
  afterEach(() => rememberedOrg.set(null));

  it('shows the title, the username field and the hint about the organization login', () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'PLAYER LOGIN' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeTruthy();
    expect(screen.getByText(/use the/).textContent).toContain('ORGANIZATION login at the top right');
  });

  it('in German the hint names the top bar link as it reads there: ORGANISATION (issue 42)', async () => {
    await activateLanguage('de');
    try {
      renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
      const hint = screen.getByText(/oben rechts/);
      expect(hint.querySelector('strong')?.textContent).toBe('ORGANISATION');
    } finally {
      await activateLanguage('en');
    }
  });

  it("says 'Username is required' when submitted empty", async () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    expect(screen.queryByText('Username is required')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /Username/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('treats a username of spaces as empty', async () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
  });

  it('asks for the organization until one is remembered on this device, then the username alone', async () => {
    const first = renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Organization or room code is required')).toBeTruthy();
    first.unmount();

    rememberedOrg.set('Demo Org');
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    expect(screen.queryByRole('textbox', { name: /Organization/ })).toBeNull();
    expect(screen.getByText('Demo Org')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByRole('textbox', { name: /Organization/ }) as HTMLInputElement).value).toBe(
      'Demo Org',
    );
  });

  it('opens /join/{code} with the typed room code, normalised', async () => {
    const { router } = renderRoutes([
      { path: '/', element: <PlayerLoginPage /> },
      { path: '/join/:code', element: <p>joining</p> },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Room code is required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Room code/ }), { target: { value: ' abc-234 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('joining')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/join/ABC234');
  });
});
