import { Anchor, Button, Card, Container, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { joinedRoom } from '../../features/game/player/joined-room';
import { PlayerGame } from '../../features/game/player/player-game';
import { useRoom } from '../../features/rooms/rooms-api';
import { LanguageMenu } from '../../i18n/language-menu';
import { useRoomLanguage, useT } from '../../i18n/locale-provider';
import { focusMain } from '../../ui/keep-focus';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { parseRouteId } from '../../ui/parse-route-id';

/**
 * `{org}/{username}/play-game/{roomId}`: the Join screen of SPEC §2; 'Join Game' opens the live game
 * on the same address (at once with `?join=1`).
 */
export function JoinRoomPage() {
  const { org = '', username = '', roomId } = useParams();
  const user = useCurrentUser();
  const id = parseRouteId(roomId);
  const room = useRoom(id);
  const t = useT();
  // The room's language once the room is known (a device's own choice still wins).
  useRoomLanguage(room.data?.effectiveLanguage);
  // `?join=1`: straight into the room's lobby (a launch from a course, issue 47).
  const [search] = useSearchParams();
  const [joined, setJoined] = useState(
    () => id !== null && (joinedRoom.has(id) || search.get('join') === '1'),
  );
  const dashboard = `/${encodeURIComponent(org)}/${encodeURIComponent(username)}/dashboard`;
  const backLink = (
    <Anchor component={Link} to={dashboard} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('player.backToRooms')}
    </Anchor>
  );

  if (id === null || room.isError) {
    return (
      <Container size="sm" px={0}>
        <Stack gap="md">
          <PageTitle>{t('player.roomNotFound')}</PageTitle>
          <Text>{t('player.roomGone')}</Text>
          {backLink}
        </Stack>
      </Container>
    );
  }
  if (room.isPending) return <PageLoader label={t('player.loadingRoom')} />;
  if (joined) {
    return (
      <Container size="sm" px={0}>
        <PlayerGame room={room.data} dashboard={dashboard} />
      </Container>
    );
  }

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        {backLink}
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="md" ta="center">
            <PageTitle fz={{ base: 28, sm: 36 }} style={{ overflowWrap: 'anywhere' }}>
              {room.data.name.toUpperCase()}
            </PageTitle>
            <Text fz="xl" fw={500}>
              {t('player.welcome', { name: user?.username ?? username })}
            </Text>
            <Text c="dimmed">{room.data.workshop.name}</Text>
            <Button
              size="lg"
              mt="sm"
              onClick={() => {
                focusMain(); // the button goes with this screen
                setJoined(true);
              }}
            >
              {t('player.joinGame')}
            </Button>
          </Stack>
        </Card>
        <LanguageMenu />
      </Stack>
    </Container>
  );
}
