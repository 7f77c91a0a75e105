import { Button, Divider, Group, Select, Stack, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { PrintCardsDialog } from '../../features/rooms/print-cards-dialog';
import { useOrgRooms } from '../../features/rooms/rooms-api';
import { VerifyCardForm } from '../../features/rooms/verify-card-form';
import { useT } from '../../i18n/locale-provider';
import { InfoSection } from './info-page';

/**
 * Bingo on paper: print a room's cards (each with a serial the server keeps) and check a shouted
 * claim by its serial against the balls called in the room's game.
 */
export function PrintedCardsPanel({ org }: { org: string }) {
  const rooms = useOrgRooms(org);
  const t = useT();
  const [roomId, setRoomId] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const options = (rooms.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  // The only room is the room: no choice to make.
  const chosen =
    rooms.data?.find((r) => String(r.id) === roomId) ??
    (rooms.data?.length === 1 ? rooms.data[0] : undefined);

  return (
    <InfoSection title={t('facilitator.printedCards')} description={t('facilitator.printedCardsDescription')}>
      <Stack gap="md">
        <Group align="flex-end">
          <Select
            label={t('facilitator.room')}
            placeholder={rooms.isPending ? t('facilitator.loadingRooms') : t('facilitator.selectRoom')}
            data={options}
            value={chosen ? String(chosen.id) : null}
            onChange={setRoomId}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('facilitator.noRooms')}
            maw={320}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => setPrinting(true)}
            disabled={!chosen}
          >
            {t('facilitator.printCards')}
          </Button>
        </Group>
        <Divider />
        <Title order={3} fz="md">
          {t('facilitator.verifyCard')}
        </Title>
        <VerifyCardForm key={chosen?.id ?? 'none'} roomId={chosen?.id ?? null} />
      </Stack>
      {printing && chosen && <PrintCardsDialog room={chosen} opened onClose={() => setPrinting(false)} />}
    </InfoSection>
  );
}
