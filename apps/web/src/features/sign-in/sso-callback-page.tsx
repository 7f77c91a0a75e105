import { Anchor, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { FormCard } from '../../ui/form-card';
import { RequestError } from '../../ui/request-error';
import { useSsoCallback } from './sign-in-api';

/** `/sso/callback`: where the provider sends the browser back; the server finishes the sign-in. */
export function SsoCallbackPage() {
  const navigate = useNavigate();
  const callback = useSsoCallback();
  const sent = useRef(false);
  const t = useT();

  useEffect(() => {
    // Once: the code is single-use (React's development double effect must not spend it twice).
    if (sent.current) return;
    sent.current = true;
    callback.mutate(window.location.search, { onSuccess: () => navigate('/enter', { replace: true }) });
  }, [callback, navigate]);

  return (
    <FormCard title={t('enter.oneMoment')}>
      {callback.isError ? (
        <Stack gap="sm">
          <RequestError request={callback} />
          <Anchor component={Link} to="/admin-login">
            {t('signIn.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label={t('signIn.signingIn')} />
      )}
    </FormCard>
  );
}
