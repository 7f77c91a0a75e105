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
  'staff.signedInAs': 'Signed in as',
  'staff.language': 'Language of the screens',
  'staff.logout': 'Logout',
  'errorPage.title': 'Oops!',
  'errorPage.text': 'Sorry, an unexpected error has occurred.',
  'errorPage.backToStart': 'Back to the start',
} as const satisfies Partial<Record<StaffMessageId, string>>;

export type FrameTextId = keyof typeof FRAME_ENGLISH;

/** A shared text in the staff catalogue's language where it is loaded, else in English. */
export function frameText(id: FrameTextId, values?: Record<string, string>): string {
  if (hasMessage(id)) return t(id, values);
  return FRAME_ENGLISH[id].replace(/\{(\w+)\}/g, (slot, name: string) => values?.[name] ?? slot);
}

/** frameText for a component: it re-renders when the language or the loaded catalogues change. */
export function useFrameText(): typeof frameText {
  useT();
  return frameText;
}
