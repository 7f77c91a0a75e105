import { Container, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { enterTarget } from '../../auth/enter-target';
import { useT } from '../../i18n/locale-provider';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';

/** `/enter`: 'One Moment Please', then on to the user's landing page. */
export function EnterPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const target = enterTarget(user);
  const t = useT();

  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md">
        <PageTitle ta="center">{t('enter.oneMoment')}</PageTitle>
        <PageLoader label={t('enter.redirecting')} />
      </Stack>
    </Container>
  );
}
