import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMyInsights } from './insights-api';
import { ScrollBox } from './scroll-box';

/** A player's own games on their dashboard: games played, bingos, right answers, the latest games. */
export function PlayerHistory() {
  const history = useMyInsights();
  const h = history.data;
  if (!h || h.games === 0) return null;
  const stats: [string, number][] = [
    ['Games played', h.games],
    ['Bingos', h.bingos],
    ['Right answers', h.rightAnswers],
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-games">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-games">
          My games
        </Title>
        <Group gap="xl">
          {stats.map(([label, value]) => (
            <div key={label}>
              <Text fz="xl" fw={700}>
                {value}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </div>
          ))}
        </Group>
        <ScrollBox label="My latest games">
          <Table fz="sm">
            <Table.Caption>My latest games</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Room</Table.Th>
                <Table.Th>Bingos</Table.Th>
                <Table.Th>Right answers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {h.recent.map((g) => (
                <Table.Tr key={g.gameId}>
                  <Table.Td>{new Date(g.startedAt).toLocaleDateString()}</Table.Td>
                  <Table.Td>{g.room}</Table.Td>
                  <Table.Td>{g.bingos}</Table.Td>
                  <Table.Td>
                    {g.rightAnswers} of {g.answers}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      </Stack>
    </Card>
  );
}
