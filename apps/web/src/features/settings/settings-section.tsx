import { Card, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryStates } from '../../ui/query-states';

/**
 * A section of an organization's settings that shows one query: its title (labelling the section,
 * `id`), an introduction, then the query's loader, error or data (see `QueryStates`).
 */
export function SettingsQuerySection<T>({
  id,
  title,
  intro,
  query,
  loading,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T, updatedAt: number) => ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="sm">{intro}</Text>
        <QueryStates query={query} loading={loading}>
          {children}
        </QueryStates>
      </Stack>
    </Card>
  );
}
