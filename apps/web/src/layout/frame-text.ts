import { hasMessage, type StaffMessageId, t } from '../i18n/i18n';

/**
 * `id`'s message where the staff catalogue is loaded, else `english` (with the name): for the user
 * menu's words, which a player's phone shows in English (it has no staff catalogue, and the menu is
 * loaded only when opened, so its words stay off the participant catalogue a phone downloads).
 */
export function englishUnlessLoaded(id: StaffMessageId, english: string, values?: { name: string }): string {
  return hasMessage(id) ? t(id, values) : english.replace('{name}', values?.name ?? '');
}
