import { Button, Group, Select, Switch } from '@mantine/core';
import type { RoundRules } from '@playshop/shared';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { AUTO_CALL_CHOICES, type RoundCommands } from './round-commands';

const DEFAULT_SECONDS = 20;

/**
 * Auto-call: on or off, every 10–60 s, pause and resume. The server keeps the clock, pauses it on a
 * true claim, and Roll still works by hand.
 */
export function AutoCallControls({
  autoCall,
  commands,
}: {
  autoCall: RoundRules['autoCall'];
  commands: Pick<RoundCommands, 'setAutoCall' | 'pauseAutoCall' | 'resumeAutoCall'>;
}) {
  const [chosen, setChosen] = useState(DEFAULT_SECONDS);
  const seconds = autoCall?.seconds ?? chosen;
  const t = useT();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Switch
        label={t('gameControl.autoCall')}
        checked={autoCall !== null}
        onChange={(e) => commands.setAutoCall(e.currentTarget.checked ? seconds : null)}
        mb={8}
      />
      <Select
        label={t('gameControl.autoCallSeconds')}
        data={AUTO_CALL_CHOICES.map(String)}
        value={String(seconds)}
        allowDeselect={false}
        w={120}
        onChange={(value) => {
          if (!value) return;
          setChosen(Number(value));
          if (autoCall) commands.setAutoCall(Number(value));
        }}
      />
      {autoCall && (
        <Button
          variant="light"
          color={autoCall.paused ? 'green' : 'gray'}
          c={autoCall.paused ? undefined : 'dark'}
          leftSection={
            autoCall.paused ? (
              <IconPlayerPlay size={16} aria-hidden />
            ) : (
              <IconPlayerPause size={16} aria-hidden />
            )
          }
          onClick={autoCall.paused ? commands.resumeAutoCall : commands.pauseAutoCall}
        >
          {autoCall.paused ? t('gameControl.resumeAutoCall') : t('gameControl.pauseAutoCall')}
        </Button>
      )}
    </Group>
  );
}
