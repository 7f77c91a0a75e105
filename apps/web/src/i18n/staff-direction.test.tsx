import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../api/session-store';
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

function renderIn(browser: string[], ui: React.ReactNode) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  return render(
    <DirectionProvider>
      <MantineProvider>
        <LocaleProvider>
          <AuthProvider store={createSessionStore(null)}>{ui}</AuthProvider>
        </LocaleProvider>
      </MantineProvider>
    </DirectionProvider>,
  );
}

const html = () => [document.documentElement.lang, document.documentElement.dir];

describe('the staff screens show a staff language, and its direction (issue 42)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await activateLanguage('en');
  });

  it('a browser in Arabic: the staff screen is English, left to right, with no Arabic game texts', async () => {
    await activateLanguage('ar'); // main.tsx activates the browser's language before the first render
    renderIn(['ar-MA', 'ar'], <StaffScreen />);
    expect(await screen.findByRole('heading', { name: 'Run a workshop' })).toBeTruthy();
    expect(screen.getByText('No balls rolled yet')).toBeTruthy();
    await waitFor(() => expect(html()).toEqual(['en', 'ltr']));
  });

  it('a browser in German: German staff screens, left to right', async () => {
    await activateLanguage('de');
    renderIn(['de-DE'], <StaffScreen />);
    expect(await screen.findByRole('heading', { name: 'Einen Workshop durchführen' })).toBeTruthy();
    expect(html()).toEqual(['de', 'ltr']);
  });

  it('the same Arabic browser on a phone screen keeps Arabic, right to left', async () => {
    await activateLanguage('ar');
    renderIn(['ar'], <PhoneScreen />);
    expect(await screen.findByText('لم تُسحب أي كرة بعد')).toBeTruthy();
    expect(html()).toEqual(['ar', 'rtl']);
  });
});
