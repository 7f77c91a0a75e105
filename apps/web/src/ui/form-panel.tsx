import { type MantineSpacing, Paper, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A page's form in its bordered panel: the fields and buttons one under another, `gap` apart. */
export function FormPanel({
  onSubmit,
  gap,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  gap: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap={gap}>{children}</Stack>
      </form>
    </Paper>
  );
}
