import { Card, Group, Stack, Text, Title } from '@mantine/core';
import classes from '../../ui/plain-table.module.css';
import { useMyInsights } from './player-history-api';
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
          {/* A plain table: Mantine's Table would bring its floating layer to the player's path. */}
          <table className={classes.table}>
            <caption>My latest games</caption>
            <thead>
              <tr>
                <th>Date</th>
                <th>Room</th>
                <th>Bingos</th>
                <th>Right answers</th>
              </tr>
            </thead>
            <tbody>
              {h.recent.map((g) => (
                <tr key={g.gameId}>
                  <td>{new Date(g.startedAt).toLocaleDateString()}</td>
                  <td className={classes.wrap}>{g.room}</td>
                  <td>{g.bingos}</td>
                  <td>
                    {g.rightAnswers} of {g.answers}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Stack>
    </Card>
  );
}
