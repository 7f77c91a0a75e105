import { Alert, Button, Group, Text } from '@mantine/core';
import { PROTOCOL_VERSION } from '@playshop/shared';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { ConnectionStatus } from './game-connection';
import { GAME_TEXTS } from './texts';

/**
 * What every game screen says about its socket: connecting or given up (SPEC §4), and a server that
 * speaks a newer protocol than this page (Playshop was updated while the page stayed open).
 */
export function ConnectionNotice({
  status,
  serverProtocolVersion,
}: {
  status: ConnectionStatus;
  /** From the last snapshot; null before one arrived. */
  serverProtocolVersion: number | null;
}) {
  const isOutdated = serverProtocolVersion !== null && serverProtocolVersion !== PROTOCOL_VERSION;
  return (
    <>
      {status !== 'open' && status !== 'closed' && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />} py={6}>
          {status === 'failed' ? GAME_TEXTS.wsFailedToReconnect : 'Connecting…'}
        </Alert>
      )}
      {isOutdated && (
        <Alert color="blue" variant="light" py={6}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{GAME_TEXTS.updated}</Text>
            <Button
              size="compact-sm"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              Reload
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
