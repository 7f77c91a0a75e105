import { AUTH_API, type ParticipantLoginInput } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { sessionFromReply } from '../../api/session-store';
import { toastAuthFailure } from '../../ui/toast';
import { useSessionStore } from '../auth-provider';
import { rememberedOrg } from '../remembered-org';

/** Player login: a username in the organization named by a room code, its name or its id. */
export function useParticipantLogin({ toastOnError = true }: { toastOnError?: boolean } = {}) {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: ParticipantLoginInput) =>
      api.call(AUTH_API.participantLogin, { body: input }, { auth: false, notify: false }),
    onSuccess: (reply) => {
      rememberedOrg.set(reply.org);
      store.set(sessionFromReply(reply));
    },
    onError: (error) => {
      if (toastOnError) toastAuthFailure(error.message);
    },
  });
}
