import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../ui/form-card';
import { useSsoCallback } from './sign-in-api';

/** `/sso/callback`: where the provider sends the browser back; the server finishes the sign-in. */
export function SsoCallbackPage() {
  const navigate = useNavigate();
  const callback = useSsoCallback();
  const sent = useRef(false);

  useEffect(() => {
    // Once: the code is single-use (React's development double effect must not spend it twice).
    if (sent.current) return;
    sent.current = true;
    callback.mutate(window.location.search, { onSuccess: () => navigate('/enter', { replace: true }) });
  }, [callback, navigate]);

  return (
    <FormCard title="One Moment Please">
      {callback.isError ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {callback.error.message}
          </Alert>
          <Anchor component={Link} to="/admin-login">
            Back to the organization login
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label="Signing you in" />
      )}
    </FormCard>
  );
}
