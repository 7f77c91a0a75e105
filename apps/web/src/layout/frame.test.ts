import { describe, expect, it } from 'vitest';
import { activateLanguage, loadStaffMessages, t } from '../i18n/i18n';

// A phone's frame in its own language (no staff catalogue): e2e/german-room.test.ts.
describe('the frame’s texts (top bar, footer, loaders, error page)', () => {
  it('speak as the staff screens do once the staff catalogue is loaded', async () => {
    await activateLanguage('de');
    await loadStaffMessages();
    expect(t('frame.restoringSession')).toBe('Ihre Sitzung wird wiederhergestellt');
  });
});
