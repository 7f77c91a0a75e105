import { Paper, Switch, Table, Text, Title } from '@mantine/core';
import type { PointsTable } from '@playshop/shared';
import { QUESTION_TEXTS } from '../question-texts';

/**
 * The round's points (1 per correct answer revealed, 5 per bingo win), as the server counts them,
 * and the switch that puts the table on every screen.
 */
export function PointsPanel({
  points,
  onShow,
}: {
  points: PointsTable | null;
  onShow: (shown: boolean) => void;
}) {
  const rows = points?.rows ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {QUESTION_TEXTS.points}
      </Title>
      <Switch
        mb="sm"
        label={QUESTION_TEXTS.showPoints}
        checked={points?.shown ?? false}
        onChange={(e) => onShow(e.currentTarget.checked)}
      />
      {rows.every((r) => r.points === 0) ? (
        <Text c="dimmed">{QUESTION_TEXTS.noPoints}</Text>
      ) : (
        <Table striped withRowBorders={false} verticalSpacing={4} aria-label={QUESTION_TEXTS.points}>
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
                  <Text size="xs" c="dark.5">
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
      )}
    </Paper>
  );
}
