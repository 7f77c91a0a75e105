import { Badge, Text } from '@mantine/core';
import { SCREEN_TEXTS } from '../shared/texts';

/** Who has bingo this round: 'You have bingo!' for a winner, '{names} has bingo' for everyone else. */
export function BingoNews({ winners, username }: { winners: string[]; username: string | null }) {
  if (winners.length === 0) return null;
  if (username !== null && winners.includes(username)) {
    return (
      <Badge color="yellow" c="dark" size="lg">
        {SCREEN_TEXTS.youHaveBingo}
      </Badge>
    );
  }
  return (
    <Text size="sm" fw={700} role="status">
      {SCREEN_TEXTS.hasBingo(winners)}
    </Text>
  );
}
