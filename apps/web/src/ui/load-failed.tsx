import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { PageTitle } from './page-title';

/** A page whose data could not be loaded: its breadcrumbs if any, its title, the failure, the way back. */
export function LoadFailed({
  trail,
  title,
  message,
  back,
}: {
  trail?: ReactNode;
  title: string;
  message: string;
  back?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {trail}
      <PageTitle>{title}</PageTitle>
      <ErrorAlert message={message} />
      {back}
    </Stack>
  );
}
