import { Button, Group, Paper, SimpleGrid, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/locale-provider';
import { ScrollBox } from './scroll-box';

/** A figure: its title, its export, the chart and the table beside it (the table is the chart for screen readers). */
export function Figure({
  title,
  onExport,
  chart,
  table,
}: {
  title: string;
  /** Saves the figure as CSV. */
  onExport: () => void;
  chart?: ReactNode;
  table: ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`${t('insights.exportCsv')}: ${title}`}
          onClick={onExport}
        >
          {t('insights.exportCsv')}
        </Button>
      </Group>
      {chart ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <div aria-hidden>{chart}</div>
          <ScrollBox label={title}>{table}</ScrollBox>
        </SimpleGrid>
      ) : (
        <ScrollBox label={title}>{table}</ScrollBox>
      )}
    </Paper>
  );
}

export function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <Table striped fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <Table.Tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              <Table.Td key={j}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
