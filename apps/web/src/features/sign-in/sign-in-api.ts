import { type ProductSignIn, SSO_API, TWO_FACTOR_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useOrgSettingsQuery, useSaveOrgSettings } from '../../api/org-settings';
import { sessionFromReply } from '../../api/session-store';
import { storeReply } from '../../api/store-reply';
import { useSessionStore } from '../../auth/auth-provider';

/** Query keys of the sign-in settings and the single sign-on offer. */
export const signInKeys = {
  org: (orgId: number) => ['org-sign-in', orgId] as const,
  product: ['product-sign-in'] as const,
  ssoOption: (org: string | null) => ['sso-option', org] as const,
  twoFactorStatus: ['two-factor-status'] as const,
};

/** An organization's SSO and two-factor settings (its admins, or a super admin). */
export function useOrgSignIn(orgId: number) {
  return useOrgSettingsQuery(signInKeys.org(orgId), SSO_API.settings, orgId);
}

export function useSaveOrgSignIn(orgId: number) {
  return useSaveOrgSettings(signInKeys.org(orgId), SSO_API.saveSettings, orgId);
}

export function useProductSignIn(enabled: boolean) {
  return useQuery({
    queryKey: signInKeys.product,
    enabled,
    queryFn: ({ signal }) => api.call(TWO_FACTOR_API.productPolicy, {}, { signal }),
  });
}

export function useSaveProductSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductSignIn) => api.call(TWO_FACTOR_API.saveProductPolicy, { body }),
    onSuccess: (saved) => storeReply(client, signInKeys.product, saved),
  });
}

// The single sign-on calls of the login and callback pages (all before a session: no token).

/** Whether the organization named offers single sign-on (a 404 means no). */
export function useSsoOption(org: string | null) {
  return useQuery({
    queryKey: signInKeys.ssoOption(org),
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

// One's own two-factor sign-in (signed in), and the second step of a password sign-in (not yet).

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: signInKeys.twoFactorStatus,
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
    onSuccess: () => client.invalidateQueries({ queryKey: signInKeys.twoFactorStatus }),
  });
}

export function useTwoFactorDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(TWO_FACTOR_API.disable, { body: { code } }, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: signInKeys.twoFactorStatus }),
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
