import { DirectionProvider, MantineProvider } from '@mantine/core';
import arabic from '@playshop/messages/catalogues/staff/ar.json';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthUser, createSessionStore } from '../api/session-store';
import { AuthProvider } from '../auth/auth-provider';
import { useStaffScreen } from '../layout/use-staff-screen';
import { activateLanguage } from './i18n';
import { LocaleProvider, useLocale, useT } from './locale-provider';

/** A staff screen: the staff catalogue's title and a game text the phones share (participant catalogue). */
function StaffScreen() {
  const t = useT();
  const { language } = useLocale();
  if (!useStaffScreen()) return <p>loading</p>;
  return (
    <div data-language={language}>
      <h1>{t('facilitator.enterTitle')}</h1>
      <p>{t('screen.noBallsYet')}</p>
    </div>
  );
}

/** A phone's screen: the participant catalogue only. */
function PhoneScreen() {
  const t = useT();
  return <p>{t('screen.noBallsYet')}</p>;
}

const staffUser: AuthUser = { username: 'ada', org: 'Acme', orgId: 1, role: 'FACILITATOR', userId: 1 };

/** `ui` in a browser speaking `browser`, signed in as `user` (with the account's language) or not. */
function renderIn(browser: string[], ui: React.ReactNode, user: AuthUser | null = null) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  const store = createSessionStore(user && { user, accessToken: 'token' });
  return render(
    <DirectionProvider>
      <MantineProvider>
        <LocaleProvider>
          <AuthProvider store={store}>{ui}</AuthProvider>
        </LocaleProvider>
      </MantineProvider>
    </DirectionProvider>,
  );
}

const html = () => [document.documentElement.lang, document.documentElement.dir];

describe('the staff screens show a staff language, and its direction (issues 42, 44)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await activateLanguage('en');
  });

  it('a browser in Arabic: Arabic staff screens, right to left, with the Arabic game texts', async () => {
    await activateLanguage('ar'); // main.tsx activates the browser's language before the first render
    renderIn(['ar-MA', 'ar'], <StaffScreen />);
    expect(await screen.findByRole('heading', { name: arabic['facilitator.enterTitle'] })).toBeTruthy();
    expect(screen.getByText('لم تُسحب أي كرة بعد')).toBeTruthy();
    expect(screen.queryByText('Run a workshop')).toBeNull();
    await waitFor(() => expect(html()).toEqual(['ar', 'rtl']));
  });

  it('a browser in German: German staff screens, left to right', async () => {
    await activateLanguage('de');
    renderIn(['de-DE'], <StaffScreen />);
    expect(await screen.findByRole('heading', { name: 'Einen Workshop durchführen' })).toBeTruthy();
    expect(html()).toEqual(['de', 'ltr']);
  });

  it('a browser in French: French staff screens, left to right', async () => {
    await activateLanguage('fr');
    renderIn(['fr-BE', 'fr'], <StaffScreen />);
    expect(await screen.findByRole('heading', { name: 'Animer un atelier' })).toBeTruthy();
    expect(screen.getByText('Aucune boule tirée')).toBeTruthy();
    await waitFor(() => expect(html()).toEqual(['fr', 'ltr']));
  });

  it('an Arabic account in an English browser: Arabic staff screens, right to left', async () => {
    renderIn(['en-GB'], <StaffScreen />, { ...staffUser, language: 'ar' });
    expect(await screen.findByRole('heading', { name: arabic['facilitator.enterTitle'] })).toBeTruthy();
    await waitFor(() => expect(html()).toEqual(['ar', 'rtl']));
  });

  it('the same Arabic browser on a phone screen keeps Arabic, right to left', async () => {
    await activateLanguage('ar');
    renderIn(['ar'], <PhoneScreen />);
    expect(await screen.findByText('لم تُسحب أي كرة بعد')).toBeTruthy();
    expect(html()).toEqual(['ar', 'rtl']);
  });
});
