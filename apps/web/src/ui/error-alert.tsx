import { Alert, Text } from '@mantine/core';
import { useT } from '../i18n/locale-provider';

/** SPEC §8: a failed load shows red text 'Error: {message}', here in a light red box (4.5:1 contrast). */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Text c="red.9">{message}</Text>
    </Alert>
  );
}

/**
 * A failed save or action under its form or buttons: red text 'Error: {message}' (SPEC §8), announced
 * to screen readers; nothing while there is no failure (null or undefined).
 */
export function ErrorText({ message }: { message: string | null | undefined }) {
  const t = useT();
  if (message == null) return null;
  return (
    <Text c="red.9" role="alert">
      {t('common.error', { message })}
    </Text>
  );
}
