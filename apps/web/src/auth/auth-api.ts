import { AUTH_API, type ParticipantLoginInput, SAML_API } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api/api';
import { sessionFromReply } from '../api/session-store';
import { toastAuthFailure } from '../ui/toast';
import { useSessionStore } from './auth-provider';
import { rememberedOrg } from './remembered-org';

/**
 * Before signing out: the identity provider's single logout address if this session began with a
 * SAML sign-in at a provider that offers it (null otherwise, or when it cannot be asked).
 */
const samlLogoutUrl = (): Promise<string | null> =>
  api.call(SAML_API.logout, {}, { notify: false }).then(
    (reply) => reply.logoutUrl,
    () => null,
  );

/** Ends the session on the server, then forget the session and go to the landing page (SPEC §2 top bar). */
export function useLogout() {
  const store = useSessionStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // A SAML sign-in is ended at the identity provider too, where it offers single logout.
      const providerLogout = await samlLogoutUrl();
      await api.call(AUTH_API.logout, {}, { notify: false });
      return providerLogout;
    },
    onSuccess: (providerLogout) => {
      store.set(null);
      if (providerLogout) window.location.assign(providerLogout);
      else navigate('/', { replace: true });
    },
    onError: (error) => {
      // The session may have ended while logging out (refresh refused): that is the goal anyway.
      if (store.get() === null) {
        navigate('/', { replace: true });
        return;
      }
      toastAuthFailure(error.message);
    },
  });
}

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
