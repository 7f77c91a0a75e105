import { SSO_API } from '@playshop/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { sessionFromReply } from '../../../api/session-store';
import { useSessionStore } from '../../../auth/auth-provider';

// The single sign-on calls of the login and callback pages (all before a session: no token).

/** Whether the organization named offers single sign-on (a 404 means no). */
export function useSsoOption(org: string | null) {
  return useQuery({
    queryKey: ['sso-option', org],
    enabled: Boolean(org),
    retry: false,
    queryFn: ({ signal }) =>
      api.call(SSO_API.option, { params: { org: org ?? '' } }, { auth: false, notify: false, signal }),
  });
}

/** Starts the sign-in and sends the browser to the organization's provider. */
export function useStartSso() {
  return useMutation({
    mutationFn: (org: string) => api.call(SSO_API.start, { body: { org } }, { auth: false, notify: false }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
}

/** Hands the provider's answer to the server: a session, held like a password sign-in's. */
export function useSsoCallback() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (query: string) =>
      api.call(SSO_API.callback, { body: { query } }, { auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
  });
}
