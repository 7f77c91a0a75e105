import { Alert, Button, type MantineSpacing } from '@mantine/core';

/** A load that failed, as a light red box titled with what failed, and a button to try it again. */
export function RetryAlert({
  title,
  retry,
  onRetry,
  buttonMt = 'xs',
}: {
  title: string;
  /** The button's text ('Try again' in the area's words). */
  retry: string;
  onRetry: () => void;
  buttonMt?: MantineSpacing;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Button mt={buttonMt} variant="default" onClick={onRetry}>
        {retry}
      </Button>
    </Alert>
  );
}
