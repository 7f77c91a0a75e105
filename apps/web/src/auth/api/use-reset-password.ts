import { AUTH_API, ERRORS, type ResetPasswordInput, SUCCESS } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { toastError, toastSuccess } from '../../ui/toast';

/** SPEC §7: success toasts 'Password reset'; any failure toasts 'Something went wrong'. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call(AUTH_API.resetPassword, { body: input }, { auth: false, notify: false }),
    onSuccess: () => toastSuccess(SUCCESS.passwordReset),
    onError: () => toastError(ERRORS.somethingWentWrong),
  });
}
