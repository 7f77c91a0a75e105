import { Alert, Text } from '@mantine/core';

/** SPEC §8: a failed load shows red text 'Error: {message}', here in a light red box (4.5:1 contrast). */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Text c="red.9">{message}</Text>
    </Alert>
  );
}
