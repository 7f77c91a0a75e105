import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { can, ORG_DATA_API, ORG_DATA_TEXTS } from '@playshop/shared';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/api';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { useCurrentUser } from '../../auth/auth-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { userKeys } from './users-api';

/**
 * A player's personal data erased on request (admins): names and username become an anonymous label
 * in the account and the game logs; games, wins and answers stay for the statistics.
 */
export function ErasePlayerPanel({
  player,
  onDone,
}: {
  player: { id: number; username: string | null };
  onDone: () => void;
}) {
  const actor = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const erase = useSavingMutation(() => api.call(ORG_DATA_API.erasePlayer, { params: { id: player.id } }), {
    success: ORG_DATA_TEXTS.playerErased,
    refresh: userKeys.all('player'),
  });
  if (!can(actor?.role, 'erasePlayers')) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Personal data">
      <Group justify="space-between">
        <Text>Erase this player's names and username everywhere; their games stay, anonymized.</Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconEraser size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {ORG_DATA_TEXTS.erasePlayer}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={ORG_DATA_TEXTS.erasePlayer}>
        <Stack gap="md">
          <Text>Erase the personal data of {player.username}? This cannot be undone.</Text>
          {erase.isError && <ErrorAlert message={`Error: ${erase.error.message}`} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={() => erase.mutate(undefined, { onSuccess: onDone })}
            >
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
