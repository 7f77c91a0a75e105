import type { ParticipantLoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../auth/auth-provider';
import { sessionFromReply } from '../auth/session-store';
import { toastAuthFailure } from '../ui/toast';
import { api } from './api';
import { ZAuthReply } from './client';

/** Player login with a username only. */
export function useParticipantLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: ParticipantLoginInput) =>
      api.post('/participantLogin', input, { schema: ZAuthReply, auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
    onError: (error) => toastAuthFailure(error.message),
  });
}
