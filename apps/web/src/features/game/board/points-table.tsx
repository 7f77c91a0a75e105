import { Table, Text } from '@mantine/core';
import type { PointsTable } from '@playshop/shared';
import { QUESTION_TEXTS } from './question-texts';

/** The round's points, highest first as the server sends them; 'No points yet' while all are 0. */
export function PointsTableView({ points, size = 'sm' }: { points: PointsTable | null; size?: 'sm' | 'lg' }) {
  const rows = points?.rows ?? [];
  if (rows.every((r) => r.points === 0)) return <Text c="dimmed">{QUESTION_TEXTS.noPoints}</Text>;
  const fz = size === 'lg' ? 'xl' : 'sm';
  return (
    <Table striped withRowBorders={false} verticalSpacing={4} fz={fz} aria-label={QUESTION_TEXTS.points}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Player</Table.Th>
          <Table.Th ta="right">Points</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.username}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {r.username}
              <Text size={size === 'lg' ? 'md' : 'xs'} c="dark.5">
                {QUESTION_TEXTS.scoreDetail(r.correctAnswers, r.wins)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {r.points}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
