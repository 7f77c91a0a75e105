import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { PRINTED_CARDS, printedSerial } from '@playshop/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale-provider';
import { toastSuccess } from '../../ui/toast';
import { createPrintedCardSet, downloadPrintedCardSet } from './printed-cards-api';

export interface PrintRoom {
  id: number;
  name: string;
}

/** The dialog's choices and its one action: deal the set, save its PDF, then close (or say why not). */
function usePrintCards(room: PrintRoom | null, onClose: () => void) {
  const t = useT();
  const [count, setCount] = useState<number | string>(30);
  const [perPage, setPerPage] = useState('4');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid =
    typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= PRINTED_CARDS.maxCount;

  async function print() {
    if (!room || !valid) return setError(t('rooms.countRange', { max: PRINTED_CARDS.maxCount }));
    setBusy(true);
    setError(null);
    try {
      const set = await createPrintedCardSet(room.id, { count, cardsPerPage: Number(perPage) as 1 | 2 | 4 });
      await downloadPrintedCardSet(set, room.name);
      toastSuccess(
        t('rooms.cardSetReady', {
          code: set.code,
          count: set.count,
          first: printedSerial(set.code, 1),
          last: printedSerial(set.code, set.count),
        }),
      );
      onClose();
    } catch (failure) {
      // The client has shown the toast; the dialog keeps the reason beside the fields.
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  return { count, setCount, perPage, setPerPage, busy, error, valid, print };
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
  const t = useT();
  const { count, setCount, perPage, setPerPage, busy, error, valid, print } = usePrintCards(room, onClose);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? t('rooms.printCardsFor', { name: room.name }) : t('rooms.printBingoCards')}
      centered
      closeButtonProps={{ 'aria-label': t('rooms.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('rooms.printCardsIntro')}</Text>
        <NumberInput
          label={t('rooms.numberOfCards')}
          description={t('rooms.cardsRange', { max: PRINTED_CARDS.maxCount })}
          min={1}
          max={PRINTED_CARDS.maxCount}
          allowDecimal={false}
          allowNegative={false}
          value={count}
          onChange={setCount}
          error={count !== '' && !valid ? t('rooms.countRange', { max: PRINTED_CARDS.maxCount }) : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="print-cards-per-page">
            {t('rooms.cardsPerPage')}
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
            {t('rooms.cancel')}
          </Button>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => void print()}
            loading={busy}
            disabled={!room || !valid}
          >
            {t('rooms.downloadPdf')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
