import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { FRAME_ENGLISH, frameText } from './frame-text';
import { MENU_ENGLISH } from './user-menu';

const staffEnglish: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../i18n/messages/staff/en.json'), 'utf8'),
);

describe('the frame’s texts', () => {
  it('say in English what the staff catalogue says in English', () => {
    for (const [id, english] of Object.entries({ ...FRAME_ENGLISH, ...MENU_ENGLISH }))
      expect(staffEnglish[id], id).toBe(english);
  });

  it('come from the staff catalogue where it is loaded, in its language', async () => {
    await activateLanguage('de');
    expect(frameText('frame.account', { name: 'ada' })).toBe('Konto: ada');
    expect(frameText('errorPage.title')).toBe('Hoppla!');
    await activateLanguage('en');
    expect(frameText('frame.account', { name: 'ada' })).toBe('Account: ada');
  });
});
