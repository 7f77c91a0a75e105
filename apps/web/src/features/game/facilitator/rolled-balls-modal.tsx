import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BINGO_LETTERS, ballColumn, ballLabel } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from '../shared/game.module.css';
import { type GameStore, useGame } from '../shared/game-store';

/**
 * 'Show Rolled Balls': every rolled number in its letter's column, each column in the order drawn,
 * the last called ball marked, and the whole draw in order below. The open dialog follows the game;
 * closed, it reads nothing, so a roll renders none of its Mantine parts (issue 46).
 */
export function RolledBallsModal({ store }: { store: GameStore }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ShowButton onClick={open} />
      <RolledBallsDialog opened={opened} onClose={close} store={store} />
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
  store,
}: {
  opened: boolean;
  onClose: () => void;
  store: GameStore;
}) {
  return (
    // Mantine's Modal mounts its title and content only while open (and through its closing
    // transition): only then do they read the rolls.
    <Modal opened={opened} onClose={onClose} title={<RolledTitle store={store} />} size="lg">
      <RolledBalls store={store} />
    </Modal>
  );
});

const useRolls = (store: GameStore) => useGame(store, (state) => state.bingoRolls);

function RolledTitle({ store }: { store: GameStore }) {
  const t = useT();
  return t('gameControl.rolledBalls', { count: useRolls(store).length });
}

/** The rolled balls by letter, the last one marked, and the draw in order. */
function RolledBalls({ store }: { store: GameStore }) {
  const t = useT();
  const rolls = useRolls(store);
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
