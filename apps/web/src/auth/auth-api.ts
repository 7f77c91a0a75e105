import {
  AUTH_API,
  ERRORS,
  type GuestLoginInput,
  isTwoFactorStep,
  type LoginInput,
  type ParticipantLoginInput,
  type RequestResetInput,
  type ResetPasswordInput,
  SUCCESS,
} from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api/api';
import { sessionFromReply } from '../api/session-store';
import { toastAuthFailure, toastError, toastSuccess } from '../ui/toast';
import { useSessionStore } from './auth-provider';
import { rememberedOrg } from './remembered-org';

/** A guest joins a room by its code with a nickname; the reply names the room to go to. */
export function useGuestLogin() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (input: GuestLoginInput) =>
      api.call(AUTH_API.guestLogin, { body: input }, { auth: false, notify: false }),
    onSuccess: (reply) => store.set(sessionFromReply(reply)),
  });
}

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

/** Ends the session on the server, then forget the session and go to the landing page (SPEC §2 top bar). */
export function useLogout() {
  const store = useSessionStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.call(AUTH_API.logout, {}, { notify: false }),
    onSuccess: () => {
      store.set(null);
      navigate('/', { replace: true });
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

/** The server answers the same whether or not the address exists; its message is the success toast. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) =>
      api.call(AUTH_API.requestReset, { body: input }, { auth: false }),
    onSuccess: (reply) => toastSuccess(reply.message),
  });
}

/** SPEC §7: success toasts 'Password reset'; any failure toasts 'Something went wrong'. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call(AUTH_API.resetPassword, { body: input }, { auth: false, notify: false }),
    onSuccess: () => toastSuccess(SUCCESS.passwordReset),
    onError: () => toastError(ERRORS.somethingWentWrong),
  });
}
