import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { can, ORG_DATA_API } from '@playshop/shared';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/api';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { useCurrentUser } from '../../auth/auth-provider';
import { t as say } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
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
  const t = useT();
  const actor = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const erase = useSavingMutation(() => api.call(ORG_DATA_API.erasePlayer, { params: { id: player.id } }), {
    success: () => say('orgData.playerErased'),
    refresh: userKeys.all('player'),
  });
  if (!can(actor?.role, 'erasePlayers')) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('users.personalData')}>
      <Group justify="space-between">
        <Text>{t('users.eraseExplained')}</Text>
        <ButtonWithIcon icon={IconEraser} color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('orgData.erasePlayer')}
        </ButtonWithIcon>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('orgData.erasePlayer')}>
        <Stack gap="md">
          <Text>{t('users.eraseConfirm', { username: player.username ?? '' })}</Text>
          {erase.isError && <ErrorAlert message={t('common.error', { message: erase.error.message })} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.no')}
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={() => erase.mutate(undefined, { onSuccess: onDone })}
            >
              {t('common.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
