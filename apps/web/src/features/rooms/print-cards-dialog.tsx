import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { PRINTED_CARD_TEXTS, PRINTED_CARDS, printedSerial } from '@playshop/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { toastSuccess } from '../../ui/toast';
import { createPrintedCardSet, downloadPrintedCardSet } from './printed-cards-api';

interface PrintRoom {
  id: number;
  name: string;
}

/**
 * Print cards: how many and how many to an A4 page. The server deals a new set of unique cards and
 * keeps it (so it can check a claim by serial); the browser saves the PDF.
 */
export function PrintCardsDialog({
  room,
  opened,
  onClose,
}: {
  room: PrintRoom | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [count, setCount] = useState<number | string>(30);
  const [perPage, setPerPage] = useState('4');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid =
    typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= PRINTED_CARDS.maxCount;

  async function print() {
    if (!room || !valid) return setError(PRINTED_CARD_TEXTS.countRange);
    setBusy(true);
    setError(null);
    try {
      const set = await createPrintedCardSet(room.id, { count, cardsPerPage: Number(perPage) as 1 | 2 | 4 });
      await downloadPrintedCardSet(set, room.name);
      toastSuccess(
        `Card set ${set.code} ready: ${set.count} card${set.count === 1 ? '' : 's'}, serials ${printedSerial(set.code, 1)} to ${printedSerial(set.code, set.count)}`,
      );
      onClose();
    } catch (failure) {
      // The client has shown the toast; the dialog keeps the reason beside the fields.
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? `Print bingo cards for ${room.name}` : 'Print bingo cards'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Every card is different and has a serial number. The PDF starts with a caller sheet to tick off the
          numbers as you call them.
        </Text>
        <NumberInput
          label="Number of cards"
          description={`1 to ${PRINTED_CARDS.maxCount}`}
          min={1}
          max={PRINTED_CARDS.maxCount}
          allowDecimal={false}
          allowNegative={false}
          value={count}
          onChange={setCount}
          error={count !== '' && !valid ? PRINTED_CARD_TEXTS.countRange : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="print-cards-per-page">
            Cards per A4 page
          </Text>
          <SegmentedControl
            aria-labelledby="print-cards-per-page"
            value={perPage}
            onChange={setPerPage}
            data={PRINTED_CARDS.perPageChoices.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </Stack>
        {error && (
          <Text c="red.9" role="alert" size="sm">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => void print()}
            loading={busy}
            disabled={!room || !valid}
          >
            Download PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The rooms list's row action: opens the dialog for that room. */
export function PrintCardsButton({ room }: { room: PrintRoom }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPrinter size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={`Print cards for ${room.name}`}
      >
        Print cards
      </Button>
      {opened && <PrintCardsDialog room={room} opened onClose={() => setOpened(false)} />}
    </>
  );
}
