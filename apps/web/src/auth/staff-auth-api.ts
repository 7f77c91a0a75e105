import {
  AUTH_API,
  isTwoFactorStep,
  type LoginInput,
  type RequestResetInput,
  type ResetPasswordInput,
} from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api/api';
import { ApiError } from '../api/client';
import { sessionFromReply } from '../api/session-store';
import { t } from '../i18n/i18n';
import { toastAuthFailure, toastError, toastSuccess } from '../ui/toast';
import { useSessionStore } from './auth-provider';

// The organization login and the password reset: staff pages only, so not in auth-api.ts, which is
// in the entry chunk every phone downloads.

/** The refusal of a password by an organization that signs in with single sign-on only. */
export const SSO_ONLY = 'PASSWORD_SIGN_IN_DISABLED';

/** The organization a refusal for single sign-on names (its message's `org`), or null for any other error. */
export function ssoOnlyOrg(error: Error | null): string | null {
  if (!(error instanceof ApiError) || error.code !== SSO_ONLY) return null;
  const params = (error.body as { params?: { org?: unknown } } | undefined)?.params;
  return typeof params?.org === 'string' ? params.org : '';
}

/**
 * Organization login (admins, facilitators). On success the session is held in memory; a reply that
 * asks for a second step (two-factor) holds none yet. A refusal for single sign-on is no failure to
 * toast: the page says it and offers the organization's button (admin-login-page.tsx).
 */
export function useLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.call(AUTH_API.login, { body: input }, { auth: false, notify: false }),
    onSuccess: (reply) => {
      if (!isTwoFactorStep(reply)) store.set(sessionFromReply(reply));
    },
    onError: (error) => {
      if (ssoOnlyOrg(error) === null) toastAuthFailure(error.message);
    },
  });
}

/**
 * The server answers the same whether or not the address exists; its message (success.resetRequested)
 * is the success toast, in the reader's language.
 */
export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) =>
      api.call(AUTH_API.requestReset, { body: input }, { auth: false }),
    onSuccess: () => toastSuccess(t('success.resetRequested')),
  });
}

/** SPEC §7: success toasts 'Password reset'; any failure toasts 'Something went wrong'. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call(AUTH_API.resetPassword, { body: input }, { auth: false, notify: false }),
    onSuccess: () => toastSuccess(t('success.passwordReset')),
    onError: () => toastError(t('errors.somethingWentWrong')),
  });
}
