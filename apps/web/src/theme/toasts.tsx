import { useNotifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '@playshop/shared';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() => import('./toasts-container').then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container, with its transitions (~4 KB gzip), fetched when the first toast is asked for:
 * most visits, a player's way to a card among them, show none (issue 11). Toasts asked for before it
 * arrives still show: they wait in @mantine/notifications' store, which the entry keeps.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const asked = notifications.length + queue.length > 0;
  useEffect(() => {
    if (asked) setWanted(true);
  }, [asked]);
  if (!wanted && !asked) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} />
    </Suspense>
  );
}
