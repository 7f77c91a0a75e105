import { TWO_FACTOR_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { sessionFromReply } from '../../../api/session-store';
import { useSessionStore } from '../../../auth/auth-provider';

const statusKey = ['two-factor-status'];

// One's own two-factor sign-in (signed in), and the second step of a password sign-in (not yet).

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.call(TWO_FACTOR_API.status, {}, { signal }),
  });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.call(TWO_FACTOR_API.setup, {}, { notify: false }) });
}

export function useTwoFactorConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(TWO_FACTOR_API.confirm, { body: { code } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useTwoFactorDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(TWO_FACTOR_API.disable, { body: { code } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

/** The code step after the password: on success the session is held in memory. */
export function useTwoFactorVerify() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (body: { challenge: string; code: string; rememberDevice: boolean }) =>
      api.call(TWO_FACTOR_API.verify, { body }, { auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
  });
}

export function useTwoFactorEnrolSetup() {
  return useMutation({
    mutationFn: (challenge: string) =>
      api.call(TWO_FACTOR_API.enrolSetup, { body: { challenge } }, { auth: false, notify: false }),
  });
}

/** Finishes a required set-up: the session is kept only after the recovery codes were shown. */
export function useTwoFactorEnrolConfirm() {
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) =>
      api.call(TWO_FACTOR_API.enrolConfirm, { body }, { auth: false, notify: false }),
  });
}
