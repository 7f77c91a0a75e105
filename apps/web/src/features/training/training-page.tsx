import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { TRAINING_TEXTS } from '@playshop/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { useTrainingPlaylist } from './training-api';
import { TrainingPlayer } from './training-player';

/**
 * The training screen (SPEC §2 Training): the signed-in user's role's playlist, in a player with a
 * playlist sidebar. The same screen serves `{org}/admin/training`, `{org}/facilitator/online/training`
 * and the player's `{org}/{username}/training`.
 */
export function TrainingPage({ backLink }: { backLink?: { to: string; label: string } }) {
  const playlist = useTrainingPlaylist();

  return (
    <Stack gap="lg">
      {backLink && (
        <Anchor component={Link} to={backLink.to} size="sm" w="fit-content">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {backLink.label}
        </Anchor>
      )}
      <PageTitle>{TRAINING_TEXTS.title}</PageTitle>
      {playlist.isPending && <PageLoader label="Loading training videos" />}
      {playlist.isError && (
        <Alert color="red" variant="light" role="alert" title="The training videos could not be loaded">
          {playlist.error.message}
        </Alert>
      )}
      {playlist.data?.items.length === 0 && (
        <Text py="xl" ta="center">
          {TRAINING_TEXTS.noVideos}
        </Text>
      )}
      {playlist.data && playlist.data.items.length > 0 && <TrainingPlayer items={playlist.data.items} />}
    </Stack>
  );
}

/** `{org}/{username}/training`: a player's training, with the way back to their rooms. */
export function PlayerTrainingPage() {
  const { org = '', username = '' } = useParams();
  const dashboard = `/${encodeURIComponent(org)}/${encodeURIComponent(username)}/dashboard`;
  return <TrainingPage backLink={{ to: dashboard, label: 'Back to rooms' }} />;
}
