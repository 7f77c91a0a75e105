import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { fakeApi } from '../../test/fake-api';
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

  describe('an organization that signs in with single sign-on only (issue 42)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('a refused password says so plainly and the button it names is on screen', async () => {
      fakeApi({
        'POST /login': () => ({
          status: 403,
          body: {
            code: 'PASSWORD_SIGN_IN_DISABLED',
            message: 'Acme signs in with single sign-on: use "Sign in with Acme" instead of a password.',
            key: 'signIn.passwordSignInDisabled',
            params: { org: 'Acme' },
          },
        }),
        'GET /sso/options/Acme': () => ({ body: { org: 'Acme', orgId: 4 } }),
      });
      const toasts = vi.spyOn(notifications, 'show');
      renderRoutes([{ path: '/admin-login', element: <AdminLoginPage /> }], { url: '/admin-login' });
      fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: 'anna@acme.test' } });
      fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: 'a password' } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This organization signs in with single sign-on');
      expect(alert.textContent).toContain('use "Sign in with Acme" instead of a password');
      expect(await screen.findByRole('button', { name: 'Sign in with Acme' })).toBeTruthy();
      // Not the toast of a failed login ('Something went wrong. …').
      expect(toasts).not.toHaveBeenCalled();
    });
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
