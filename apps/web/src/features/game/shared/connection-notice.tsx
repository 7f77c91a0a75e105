import { Alert, Button, Group, Text } from '@mantine/core';
import { PROTOCOL_VERSION } from '@playshop/shared';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import type { ConnectionStatus } from './game-connection';
import { NOTICE_AFTER_MS } from './notice-timing';
import { SCREEN_TEXTS } from './texts';

/** Whether `active` has been true for `ms` without a break. */
export function useLasting(active: boolean, ms = NOTICE_AFTER_MS): boolean {
  const [lasted, setLasted] = useState(false);
  useEffect(() => {
    setLasted(false);
    if (!active) return;
    const timer = setTimeout(() => setLasted(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && lasted;
}

/**
 * What every game screen says about its socket: connecting, reconnecting, or given up with a Retry
 * button (SPEC §4), and a server that speaks a newer protocol than this page (Playshop was updated
 * while the page stayed open). Memoised: the game screens render it with every frame.
 */
export const ConnectionNotice = memo(function ConnectionNotice({
  status,
  serverProtocolVersion,
  onRetry,
  onlyActionable = false,
}: {
  status: ConnectionStatus;
  /** The presenter: nothing about connecting, only what someone must act on (Retry, Reload). */
  onlyActionable?: boolean;
  /** From the last snapshot; null before one arrived. */
  serverProtocolVersion: number | null;
  onRetry?: () => void;
}) {
  const isOutdated = serverProtocolVersion !== null && serverProtocolVersion !== PROTOCOL_VERSION;
  const isConnecting = !onlyActionable && (status === 'connecting' || status === 'reconnecting');
  const showsConnecting = useLasting(isConnecting);
  const t = useT();
  const text = {
    connecting: SCREEN_TEXTS.connecting,
    reconnecting: SCREEN_TEXTS.reconnecting,
    failed: t('game.wsFailedToReconnect'),
  };
  return (
    <>
      {(showsConnecting || status === 'failed') && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />} py={6}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{text[status as keyof typeof text]}</Text>
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
            <Text size="sm">{t('game.updated')}</Text>
            <Button
              size="compact-sm"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              {t('screen.reload')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
});
