import { Button, Group, Paper, SimpleGrid, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/locale-provider';
import { TableHead } from '../../ui/table-head';
import { ScrollBox } from './scroll-box';

/** A table column: its heading and how a row shows in it. */
export type Column<Row> = readonly [heading: string, cell: (row: Row) => ReactNode];

/** The games and players series of a chart by period (an organization's weeks, the product's months). */
export function gamesAndPlayers(t: (id: 'insights.games' | 'insights.players') => string) {
  return [
    { name: 'games', label: t('insights.games'), color: 'blue.7' },
    { name: 'players', label: t('insights.players'), color: 'teal.7' },
  ];
}

/**
 * A figure: its title, its CSV export, the chart and the table beside it (the table is the chart for
 * screen readers). With no rows, `empty` stands where the table would.
 */
export function FigureCard<Row>({
  title,
  onExport,
  chart,
  caption,
  columns,
  rows,
  empty,
}: {
  title: string;
  /** Saves the figure as CSV. */
  onExport: () => void;
  chart?: ReactNode;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  empty?: ReactNode;
}) {
  const t = useT();
  const table =
    rows.length === 0 && empty !== undefined ? (
      empty
    ) : (
      <FigureTable caption={caption} columns={columns} rows={rows} />
    );
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

function FigureTable<Row>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
}) {
  return (
    <Table striped fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <TableHead headings={columns.map(([heading]) => heading)} />
      <Table.Tbody>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <Table.Tr key={i}>
            {columns.map(([heading, cell]) => (
              <Table.Td key={heading}>{cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
