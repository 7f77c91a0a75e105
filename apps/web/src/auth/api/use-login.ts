import { AUTH_API, isTwoFactorStep, type LoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { sessionFromReply } from '../../api/session-store';
import { toastAuthFailure } from '../../ui/toast';
import { useSessionStore } from '../auth-provider';

/**
 * Organization login (admins, facilitators). On success the session is held in memory; a reply that
 * asks for a second step (two-factor) holds none yet.
 */
export function useLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.call(AUTH_API.login, { body: input }, { auth: false, notify: false }),
    onSuccess: (reply) => {
      if (!isTwoFactorStep(reply)) store.set(sessionFromReply(reply));
    },
    onError: (error) => toastAuthFailure(error.message),
  });
}
