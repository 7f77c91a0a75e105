import { toastError } from '../ui/toast';
import { createApiClient } from './client';
import { sessionFromReply, sessionStore } from './session-store';

const orgExpiredListeners = new Set<() => void>();

/** Lets the router send the user to /unauthorized when any call answers ORG_EXPIRED. */
export function onOrgExpired(listener: () => void): () => void {
  orgExpiredListeners.add(listener);
  return () => orgExpiredListeners.delete(listener);
}

/** The app's API client, bound to the in-memory session. */
export const api = createApiClient({
  getAccessToken: () => sessionStore.get()?.accessToken ?? null,
  onRefreshed: (reply) => sessionStore.set(sessionFromReply(reply)),
  onSessionExpired: () => sessionStore.set(null),
  onOrgExpired: () => {
    for (const listener of orgExpiredListeners) listener();
  },
  notifyError: toastError,
});
