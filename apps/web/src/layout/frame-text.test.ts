import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadStaffMessages, t } from '../i18n/i18n';
import { MENU_ENGLISH } from './user-menu';

const staffEnglish: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../i18n/messages/staff/en.json'), 'utf8'),
);

// A phone's frame in its own language (no staff catalogue): e2e/german-room.test.ts.
describe('the frame’s texts (top bar, footer, loaders, error page)', () => {
  it('speak as the staff screens do once the staff catalogue is loaded', async () => {
    await activateLanguage('de');
    await loadStaffMessages();
    expect(t('frame.restoringSession')).toBe('Ihre Sitzung wird wiederhergestellt');
  });

  it('the user menu’s English is the staff catalogue’s English (a phone shows it so)', () => {
    for (const [id, english] of Object.entries(MENU_ENGLISH)) expect(staffEnglish[id], id).toBe(english);
  });
});
