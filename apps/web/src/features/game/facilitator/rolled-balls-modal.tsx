import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BINGO_LETTERS, ballColumn, ballLabel } from '@playshop/shared';
import { memo, useRef } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from '../shared/game.module.css';

/**
 * 'Show Rolled Balls': every rolled number in its letter's column, each column in the order drawn,
 * the last called ball marked, and the whole draw in order below.
 */
export function RolledBallsModal({ rolls }: { rolls: number[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  // A closed dialog keeps the rolls it last showed (through its closing transition too), so a roll
  // renders none of its Mantine parts (issue 46).
  const shown = useRef(rolls);
  if (opened) shown.current = rolls;
  return (
    <>
      <ShowButton onClick={open} />
      <RolledBallsDialog opened={opened} onClose={close} rolls={shown.current} />
    </>
  );
}

const ShowButton = memo(function ShowButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="light" onClick={onClick}>
      {t('gameControl.showRolledBalls')}
    </Button>
  );
});

const RolledBallsDialog = memo(function RolledBallsDialog({
  opened,
  onClose,
  rolls,
}: {
  opened: boolean;
  onClose: () => void;
  rolls: number[];
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('gameControl.rolledBalls', { count: rolls.length })}
      size="lg"
    >
      {/* Mantine's Modal mounts its content only while open (and through its closing transition):
            the closed dialog costs a roll nothing (issue 46). */}
      <RolledBalls rolls={rolls} />
    </Modal>
  );
});

/** The rolled balls by letter, the last one marked, and the draw in order. */
function RolledBalls({ rolls }: { rolls: number[] }) {
  const t = useT();
  const columns = BINGO_LETTERS.map((_, c) => rolls.filter((n) => ballColumn(n) === c));
  const depth = Math.max(0, ...columns.map((col) => col.length));
  const last = rolls.at(-1);
  return (
    <Stack gap="md">
      {last !== undefined && <Text fw={700}>{t('gameControl.lastCalled', { ball: ballLabel(last) })}</Text>}
      <Table striped withTableBorder withColumnBorders ta="center">
        <Table.Thead>
          <Table.Tr>
            {BINGO_LETTERS.map((letter) => (
              <Table.Th key={letter} ta="center">
                {letter}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Array.from({ length: depth }, (_, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, not items
            <Table.Tr key={r}>
              {columns.map((col, c) => {
                const n = col[r];
                const isLast = n !== undefined && n === last;
                return (
                  <Table.Td
                    key={BINGO_LETTERS[c]}
                    className={isLast ? classes.lastBall : undefined}
                    aria-current={isLast || undefined}
                  >
                    {n ?? ''}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('gameControl.inOrderDrawn')}
        </Text>
        <ol className={classes.drawOrder} aria-label={t('gameControl.ballsInOrderDrawn')}>
          {rolls.map((n) => (
            <li key={n}>{ballLabel(n)}</li>
          ))}
        </ol>
      </div>
    </Stack>
  );
}
