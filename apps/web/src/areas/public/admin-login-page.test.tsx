import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { AdminLoginPage } from './admin-login-page';

describe('AdminLoginPage', () => {
  it("marks both empty fields with 'This field is required'", async () => {
    renderRoutes([{ path: '/admin-login', element: <AdminLoginPage /> }], { url: '/admin-login' });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  });

  it('links to the password reset request', () => {
    renderRoutes([{ path: '/admin-login', element: <AdminLoginPage /> }], { url: '/admin-login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/requestReset');
  });

  it('has a show-password toggle that is keyboard reachable, labelled and works with Enter', () => {
    renderRoutes([{ path: '/admin-login', element: <AdminLoginPage /> }], { url: '/admin-login' });
    const password = screen.getByLabelText(/^Password/);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('tabindex')).toBe('0');
    expect(toggle.getAttribute('aria-hidden')).not.toBe('true');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password.getAttribute('type')).toBe('password');

    fireEvent.keyDown(toggle, { key: 'Enter' });

    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  describe('in German (a German browser, before any account is known)', () => {
    afterEach(() => activateLanguage('en'));

    it('says everything in German, the form errors and the single sign-on too', async () => {
      await activateLanguage('de');
      renderRoutes([{ path: '/admin-login', element: <AdminLoginPage /> }], { url: '/admin-login' });
      expect(screen.getByRole('heading', { name: 'Anmeldung für Organisationen' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Mit Ihrer Organisation anmelden' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(await screen.findAllByText('Dieses Feld ist erforderlich')).toHaveLength(2);
    });
  });
});
