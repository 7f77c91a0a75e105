import { Button, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BINGO_LETTERS, ballColumn } from '@playshop/shared';

/** 'Show Rolled Balls': every rolled number in its letter's column. */
export function RolledBallsModal({ rolls }: { rolls: number[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  const columns = BINGO_LETTERS.map((_, c) => rolls.filter((n) => ballColumn(n) === c).sort((a, b) => a - b));
  const depth = Math.max(0, ...columns.map((col) => col.length));
  return (
    <>
      <Button variant="light" onClick={open}>
        Show Rolled Balls
      </Button>
      <Modal opened={opened} onClose={close} title={`Rolled balls (${rolls.length})`} size="lg">
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
                {columns.map((col, c) => (
                  <Table.Td key={BINGO_LETTERS[c]}>{col[r] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
