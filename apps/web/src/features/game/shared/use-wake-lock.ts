import { useEffect } from 'react';

interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen on while the game is shown (Screen Wake Lock, where the browser has it). The
 * browser drops the lock when the tab is hidden, so it is asked for again when the tab is visible.
 */
export function useWakeLock(isActive: boolean) {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!isActive || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let isDone = false;
    const request = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock.request('screen').then(
        (lock) => {
          if (isDone) void lock.release().catch(() => {});
          else sentinel = lock;
        },
        // Refused (battery saver, no user gesture yet): the game works, the screen may dim.
        () => {},
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      isDone = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => {});
    };
  }, [isActive]);
}
