import type { LoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../auth/auth-provider';
import { sessionFromReply } from '../auth/session-store';
import { toastAuthFailure } from '../ui/toast';
import { api } from './api';
import { ZAuthReply } from './client';

/** Organization login (admins, facilitators). On success the session is held in memory. */
export function useLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post('/login', input, { schema: ZAuthReply, auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
    onError: (error) => toastAuthFailure(error.message),
  });
}
