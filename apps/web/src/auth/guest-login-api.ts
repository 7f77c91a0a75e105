import { AUTH_API, type GuestLoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api/api';
import { sessionFromReply } from '../api/session-store';
import { useSessionStore } from './auth-provider';

// Only the join page uses it: not in auth-api.ts, which is in the entry chunk every phone downloads.

/** A guest joins a room by its code with a nickname; the reply names the room to go to. */
export function useGuestLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: GuestLoginInput) =>
      api.call(AUTH_API.guestLogin, { body: input }, { auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
  });
}
