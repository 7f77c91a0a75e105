import type { ParticipantKey } from '@playshop/messages';
import type { GameConnectionDeps } from './game-connection';
import { NOTICE_AFTER_MS } from './notice-timing';

type Notify = GameConnectionDeps['notify'];

/** Said at once: the socket has given up, and only the person can act (Retry, a reload). */
const FINAL = new Set<string>(['game.wsFailedToConnect', 'game.wsFailedToReconnect']);

/**
 * The socket's toasts as a person should see them (issue 28): a connect or reconnect that succeeds
 * within 2 s says nothing at all (no 'Connecting…', no 'Connected'); one that lasts longer says its
 * latest state, and then 'Connected' or 'Reconnected' when it is over. A give-up is said at once.
 * `quiet` (the presenter) says nothing but the give-up.
 */
export function delayedToasts(
  show: Notify,
  { quiet = false, afterMs = NOTICE_AFTER_MS }: { quiet?: boolean; afterMs?: number } = {},
): Notify {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: { kind: 'info' | 'error'; message: ParticipantKey } | null = null;
  let isOutageShown = false;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const during = (kind: 'info' | 'error', message: ParticipantKey) => {
    if (FINAL.has(message)) {
      cancel();
      isOutageShown = true;
      return show.error(message);
    }
    if (quiet) return;
    // A deliberate close (the screen going away) has nothing to tell.
    if (message === 'game.wsDisconnected') return cancel();
    if (isOutageShown) return show[kind](message);
    latest = { kind, message };
    timer ??= setTimeout(() => {
      timer = null;
      isOutageShown = true;
      if (latest) show[latest.kind](latest.message);
    }, afterMs);
  };
  return {
    info: (message) => during('info', message),
    error: (message) => during('error', message),
    success(message) {
      cancel();
      if (isOutageShown && !quiet) show.success(message);
      isOutageShown = false;
      latest = null;
    },
  };
}
