import { notifications } from '@mantine/notifications';
import { stripControlChars, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@playshop/shared';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { t } from '../i18n/i18n';

/**
 * Error toast (SPEC §8/§9: red, 4000 ms). Identical texts share an id, so a burst of failing calls
 * (say, the network dropping) shows one toast rather than a stack of copies.
 */
export function toastError(text: string): void {
  const message = stripControlChars(text);
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    message,
    autoClose: TOAST_ERROR_MS,
    icon: <IconAlertTriangle size={18} aria-hidden />,
  });
}

/** Success toast (green, 2000 ms). */
export function toastSuccess(text: string): void {
  notifications.show({
    color: 'green',
    message: stripControlChars(text),
    autoClose: TOAST_SUCCESS_MS,
    icon: <IconCheck size={18} aria-hidden />,
  });
}

/**
 * SPEC §8: login and logout failures read 'Something went wrong. {message}' (ERRORS.somethingWentWrong
 * from the participant catalogue, which every screen has).
 */
export function toastAuthFailure(message: string): void {
  toastError(`${t('errors.somethingWentWrong')}. ${message}`);
}
