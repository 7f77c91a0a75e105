import type { ParticipantLoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../auth/auth-provider';
import { rememberedOrg } from '../auth/remembered-org';
import { sessionFromReply } from '../auth/session-store';
import { toastAuthFailure } from '../ui/toast';
import { api } from './api';
import { ZAuthReply } from './client';

/** Player login: a username in the organization named by a room code, its name or its id. */
export function useParticipantLogin({ toastOnError = true }: { toastOnError?: boolean } = {}) {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: ParticipantLoginInput) =>
      api.post('/participantLogin', input, { schema: ZAuthReply, auth: false, notify: false }),
    onSuccess: (reply) => {
      rememberedOrg.set(reply.org);
      store.set(sessionFromReply(reply));
    },
    onError: (error) => {
      if (toastOnError) toastAuthFailure(error.message);
    },
  });
}
