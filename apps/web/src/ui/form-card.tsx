import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** A narrow centred card for the login and password screens. */
export function FormCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={440} px={0} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <PageTitle fz={{ base: 26, sm: 30 }} subtitle={intro}>
            {title}
          </PageTitle>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
