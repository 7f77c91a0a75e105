import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { useTrainingPlaylist } from './training-api';
import { loadTrainingMessages } from './training-messages';
import { TrainingPlayer } from './training-player';
import classes from './training-player.module.css';

// The page's texts arrive with it (training-messages.ts): its chunk resolves once they are loaded.
await loadTrainingMessages();

/**
 * The training screen (SPEC §2 Training): the signed-in user's role's playlist, in a player with a
 * playlist sidebar. The same screen serves `{org}/admin/training`, `{org}/facilitator/online/training`
 * and the player's `{org}/{username}/training`.
 */
export function TrainingPage({ backLink }: { backLink?: { to: string; label: string } }) {
  const t = useT();
  const playlist = useTrainingPlaylist();

  return (
    <Stack gap="lg">
      {backLink && (
        <Anchor component={Link} to={backLink.to} size="sm" w="fit-content">
          <IconArrowLeft
            size={14}
            aria-hidden
            className={classes.arrow}
            style={{ verticalAlign: 'middle', marginInlineEnd: 4 }}
          />
          {backLink.label}
        </Anchor>
      )}
      <PageTitle>{t('dashboard.training')}</PageTitle>
      {playlist.isPending && <PageLoader label={t('training.loading')} />}
      {playlist.isError && (
        <Alert color="red" variant="light" role="alert" title={t('training.loadFailed')}>
          {playlist.error.message}
        </Alert>
      )}
      {playlist.data?.items.length === 0 && (
        <Text py="xl" ta="center">
          {t('training.none')}
        </Text>
      )}
      {playlist.data && playlist.data.items.length > 0 && <TrainingPlayer items={playlist.data.items} />}
    </Stack>
  );
}

/** `{org}/{username}/training`: a player's training, with the way back to their rooms. */
export function PlayerTrainingPage() {
  const { org = '', username = '' } = useParams();
  const t = useT();
  const dashboard = `/${encodeURIComponent(org)}/${encodeURIComponent(username)}/dashboard`;
  return <TrainingPage backLink={{ to: dashboard, label: t('player.backToRooms') }} />;
}
