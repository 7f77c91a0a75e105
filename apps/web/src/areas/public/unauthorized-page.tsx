import { Button, Container, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';

/** React Router keeps the position in the history stack; 0 means this tab has nowhere to go back to. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/** `/unauthorized`: a wrong role, another organization's page, or an expired organization licence. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const t = useT();
  const handleGoBack = () => (canGoBack() ? navigate(-1) : navigate('/'));

  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconLock size={30} />
        </ThemeIcon>
        <PageTitle>{t('errorPage.unauthorized')}</PageTitle>
        <Text>{t('errorPage.unauthorizedText')}</Text>
        <Button onClick={handleGoBack} leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('errorPage.goBack')}
        </Button>
      </Stack>
    </Container>
  );
}
