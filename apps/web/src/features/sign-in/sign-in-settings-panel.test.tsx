import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { SignInSettingsPanel } from './sign-in-settings-panel';

const ADMIN = 'ADMIN' as const;

const settings = {
  orgId: 2,
  ssoEnabled: true,
  issuer: 'https://login.lernwerk.test',
  clientId: 'playshop',
  hasClientSecret: true,
  createAccounts: false,
  defaultRole: 'FACILITATOR',
  passwordSignInDisabled: true,
  requireTwoFactorForAdmins: false,
  redirectUri: 'https://playshop.lernwerk.test/api/v1/sso/callback',
};

describe('Settings › Single sign-on (issue 42)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says which scopes to allow and which link to give colleagues, besides the redirect URI', async () => {
    fakeApi({ 'GET /organizations/2/sign-in': () => ({ body: settings }) });
    renderRoutes(
      [{ path: '/', element: <SignInSettingsPanel orgId={2} orgName="Lern Werk" role={ADMIN} /> }],
      {
        session: sessionAs('ADMIN'),
      },
    );
    expect(await screen.findByText(settings.redirectUri)).toBeTruthy();
    expect(screen.getByText('Scopes to allow for this client:')).toBeTruthy();
    expect(screen.getByText('openid email profile')).toBeTruthy();
    expect(screen.getByText(/Give colleagues this link/).textContent).toContain('"Sign in with Lern Werk"');
    expect(screen.getByText('https://playshop.lernwerk.test/admin-login?org=Lern%20Werk')).toBeTruthy();
  });
});
