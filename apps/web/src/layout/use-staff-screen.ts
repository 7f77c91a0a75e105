import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/auth-provider';
import { loadStaffMessages, staffMessagesLoaded } from '../i18n/i18n';
import { useStaffLanguage } from '../i18n/locale-provider';

/**
 * What every staff screen needs before it shows a text (the staff areas' AppFrame, the sign-in and
 * password pages, the error page): the staff catalogue, the one place that loads it, and the signed-in
 * staff member's own language on any device (PUT /account/language). Before sign-in that is the
 * browser's language when it is a staff language (all six since issue 44), else English; the direction
 * is always the shown language's (Arabic right to left), never English texts laid out right to left.
 * True once that language is active and the catalogue is in, or failed to load (offline): a page with
 * its English fallbacks rather than an empty one.
 */
export function useStaffScreen(): boolean {
  const [isReady, setIsReady] = useState(staffMessagesLoaded);
  useEffect(() => {
    const done = () => setIsReady(true);
    loadStaffMessages().then(done, done);
  }, []);
  const isStaffLanguage = useStaffLanguage(useCurrentUser()?.language);
  return isReady && isStaffLanguage;
}
