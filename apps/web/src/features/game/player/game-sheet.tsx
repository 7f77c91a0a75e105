import { Button, Collapse, Group, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from '../shared/game.module.css';

/**
 * What the room shows now (the ball, the content), above the player's card and never instead of it.
 * The player can minimise it to a title line; a new `sheetKey` (the next ball, other content) opens
 * it again.
 */
export function GameSheet({
  title,
  sheetKey,
  children,
}: {
  title: string;
  sheetKey: string;
  children: ReactNode;
}) {
  const [minimisedKey, setMinimisedKey] = useState<string | null>(null);
  const t = useT();
  const isMinimised = minimisedKey === sheetKey;
  return (
    <Paper withBorder radius="lg" p="sm" component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} truncate>
          {title}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={!isMinimised}
          rightSection={
            isMinimised ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />
          }
          onClick={() => setMinimisedKey(isMinimised ? null : sheetKey)}
        >
          {isMinimised ? t('player.show') : t('player.minimise')}
        </Button>
      </Group>
      <Collapse in={!isMinimised}>
        <div className={classes.sheetStage}>{children}</div>
      </Collapse>
    </Paper>
  );
}
