import { SESSION_HINT_COOKIE } from '@playshop/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { api } from '../api/api';
import { t } from '../i18n/i18n';
import { FullPageLoader } from '../ui/page-loader';
import { useSessionStore } from './auth-provider';

/** Whether the server handed this browser a refresh cookie that has not been cleared since. */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));
}

/**
 * On app load the access token is gone (it is only ever held in memory): try to renew it from the
 * httpOnly refresh cookie before rendering, so a reload keeps the user logged in. Without the
 * session hint cookie there is nothing to renew and no /refresh is sent (a refused one would log a
 * 401 on every logged-out page). A failed refresh leaves the user logged out. Concurrent renewals
 * share one call, so React's strict-mode double effect does not spend the rotating cookie twice.
 */
export function SessionRefresh({
  children,
  refresh = api.refresh,
  mayHaveSession = hasSessionHint,
}: {
  children: ReactNode;
  refresh?: () => Promise<unknown>;
  mayHaveSession?: () => boolean;
}) {
  const store = useSessionStore();
  const [isRestoring, setIsRestoring] = useState(() => store.get() === null && mayHaveSession());

  useEffect(() => {
    if (!isRestoring) return;
    let isActive = true;
    const done = () => {
      if (isActive) setIsRestoring(false);
    };
    // A refusal or a network failure both mean: carry on logged out.
    refresh().then(done, done);
    return () => {
      isActive = false;
    };
  }, [isRestoring, refresh]);

  if (isRestoring) return <FullPageLoader label={t('frame.restoringSession')} />;
  return children;
}
