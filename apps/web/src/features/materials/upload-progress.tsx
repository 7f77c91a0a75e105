import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import type { MaterialUploadState } from './materials-api';

type StartedUpload = Exclude<MaterialUploadState, { status: 'idle' }>;

interface UploadControls {
  state: StartedUpload;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** The running upload: a labelled progress bar with its percentage, Pause/Resume and Cancel. */
export function UploadProgress({
  fileName,
  state,
  onPause,
  onResume,
  onCancel,
}: UploadControls & { fileName: string }) {
  const t = useT();
  const percent = state.status === 'success' ? 100 : 'percent' in state ? state.percent : 0;
  const panel = useRef<HTMLElement>(null);
  // On a phone the panel starts below the fold: bring it into view when the upload starts.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  return (
    <Paper
      ref={panel}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={t('materials.upload')}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Text>
          <Text fw={600} aria-hidden>{`${percent}%`}</Text>
        </Group>
        {state.status !== 'canceled' && (
          <Progress
            value={percent}
            size="lg"
            radius="xl"
            color={state.status === 'error' ? 'red.8' : state.status === 'success' ? 'green.8' : undefined}
            animated={state.status === 'running'}
            aria-label={t('materials.uploadProgressOf', { name: fileName })}
          />
        )}
        <Text
          role={state.status === 'error' ? 'alert' : 'status'}
          c={state.status === 'error' ? 'red.9' : undefined}
        >
          {statusText(state)}
        </Text>
        <UploadButtons state={state} onPause={onPause} onResume={onResume} onCancel={onCancel} />
      </Stack>
    </Paper>
  );
}

/** Pause while it runs, Resume once paused (or after a failure it can resume from), Cancel until it ends. */
function UploadButtons({ state, onPause, onResume, onCancel }: UploadControls) {
  const t = useT();
  const canResume = state.status === 'paused' || (state.status === 'error' && state.canResume);
  const canCancel = state.status === 'running' || canResume;
  if (!canResume && !canCancel && state.status !== 'running') return null;
  return (
    <Group gap="sm">
      {state.status === 'running' && (
        <ButtonWithIcon icon={IconPlayerPause} variant="default" onClick={onPause}>
          {t('materials.pause')}
        </ButtonWithIcon>
      )}
      {canResume && (
        <ButtonWithIcon icon={IconPlayerPlay} onClick={onResume}>
          {t('materials.resume')}
        </ButtonWithIcon>
      )}
      {canCancel && (
        <ButtonWithIcon icon={IconX} variant="subtle" color="red" onClick={onCancel}>
          {t('materials.cancel')}
        </ButtonWithIcon>
      )}
    </Group>
  );
}

function statusText(state: StartedUpload): string {
  switch (state.status) {
    case 'running':
      return translate('materials.uploading');
    case 'paused':
      return translate('materials.pausedAt', { percent: state.percent });
    case 'success':
      return translate('materials.uploadComplete');
    case 'canceled':
      return state.message;
    case 'error':
      return state.message;
  }
}
