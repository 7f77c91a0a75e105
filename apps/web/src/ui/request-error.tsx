import { Alert, Button, type MantineSpacing } from '@mantine/core';

/** A request (a mutation) as far as its failure goes. */
interface Request {
  isError: boolean;
  error: Error | null;
}

/**
 * A request's failure as the server said it, in a light red box announced to screen readers;
 * nothing while it has not failed.
 */
export function RequestError({ request, mt }: { request: Request; mt?: MantineSpacing }) {
  if (!request.isError || !request.error) return null;
  return (
    <Alert mt={mt} color="red" variant="light" role="alert">
      {request.error.message}
    </Alert>
  );
}

/** A settings form's end: the save's failure, then its button (left, as wide as its text). */
export function SettingsSave({ save, label }: { save: Request & { isPending: boolean }; label: string }) {
  return (
    <>
      <RequestError request={save} />
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {label}
      </Button>
    </>
  );
}
