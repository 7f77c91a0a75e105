import { Button, Container, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/locale-provider';
import { PublicFrame } from '../layout/public-frame';
import { useStaffScreen } from '../layout/use-staff-screen';
import { PageTitle } from '../ui/page-title';

/**
 * SPEC §2 generic error page: the router's errorElement and every unknown address. Staff meet it
 * too, so it speaks the staff catalogue's language (English where that cannot load).
 */
export function ErrorPage() {
  // The staff catalogue (and a staff member's own language) replaces the English once it is in.
  useStaffScreen();
  const text = useT();
  return (
    <PublicFrame>
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <PageTitle>{text('errorPage.title')}</PageTitle>
          <Text>{text('errorPage.text')}</Text>
          <Button component={Link} to="/" variant="light" leftSection={<IconHome size={16} aria-hidden />}>
            {text('errorPage.backToStart')}
          </Button>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
