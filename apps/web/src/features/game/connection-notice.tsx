import { Alert, Button, Group, Text } from '@mantine/core';
import { GAME_TEXTS, PROTOCOL_VERSION } from '@playshop/shared';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { ConnectionStatus } from './game-connection';
import { SCREEN_TEXTS } from './texts';

/**
 * What every game screen says about its socket: connecting, reconnecting, or given up with a Retry
 * button (SPEC §4), and a server that speaks a newer protocol than this page (Playshop was updated
 * while the page stayed open).
 */
export function ConnectionNotice({
  status,
  serverProtocolVersion,
  onRetry,
}: {
  status: ConnectionStatus;
  /** From the last snapshot; null before one arrived. */
  serverProtocolVersion: number | null;
  onRetry?: () => void;
}) {
  const isOutdated = serverProtocolVersion !== null && serverProtocolVersion !== PROTOCOL_VERSION;
  const text = {
    connecting: SCREEN_TEXTS.connecting,
    reconnecting: SCREEN_TEXTS.reconnecting,
    failed: GAME_TEXTS.wsFailedToReconnect,
  };
  return (
    <>
      {(status === 'connecting' || status === 'reconnecting' || status === 'failed') && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />} py={6}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{text[status]}</Text>
            {status === 'failed' && onRetry && (
              <Button size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
                {SCREEN_TEXTS.retry}
              </Button>
            )}
          </Group>
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
