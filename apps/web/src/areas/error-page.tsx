import { Button, Container, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicFrame } from '../layout/public-frame';
import { PageTitle } from '../ui/page-title';

/** SPEC §2 generic error page: the router's errorElement and every unknown address. */
export function ErrorPage() {
  return (
    <PublicFrame>
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <PageTitle>Oops!</PageTitle>
          <Text>Sorry, an unexpected error has occurred.</Text>
          <Button component={Link} to="/" variant="light" leftSection={<IconHome size={16} aria-hidden />}>
            Back to the start
          </Button>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
