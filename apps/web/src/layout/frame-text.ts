import { hasMessage, type StaffMessageId, t } from '../i18n/i18n';
import { useT } from '../i18n/locale-provider';

/**
 * The English of the texts every screen shares (top bar, footer, loaders, the error page): a phone
 * shows them too and does not load the staff catalogue, so there they read in English. The staff
 * catalogue's `en` values are the same (frame-text.test.ts).
 */
export const FRAME_ENGLISH = {
  'frame.skipToMain': 'Skip to main content',
  'frame.home': 'Playshop home',
  'frame.account': 'Account: {name}',
  'frame.logout': 'LOGOUT',
  'frame.organization': 'ORGANIZATION',
  'frame.reportIssue': 'Report Issue',
  'frame.status': 'Status',
  'frame.loading': 'Loading',
  'frame.restoringSession': 'Restoring your session',
  'errorPage.title': 'Oops!',
  'errorPage.text': 'Sorry, an unexpected error has occurred.',
  'errorPage.backToStart': 'Back to the start',
} as const satisfies Partial<Record<StaffMessageId, string>>;

export type FrameTextId = keyof typeof FRAME_ENGLISH;

/** A shared text in the staff catalogue's language where it is loaded, else in English. */
export function frameText(id: FrameTextId, values?: { name: string }): string {
  return englishUnlessLoaded(id, FRAME_ENGLISH[id], values);
}

/** `id`'s message where the staff catalogue is loaded, else `english` (its English, with the name). */
export function englishUnlessLoaded(id: StaffMessageId, english: string, values?: { name: string }): string {
  return hasMessage(id) ? t(id, values) : english.replace('{name}', values?.name ?? '');
}

/** frameText for a component: it re-renders when the language or the loaded catalogues change. */
export function useFrameText(): typeof frameText {
  useT();
  return frameText;
}
