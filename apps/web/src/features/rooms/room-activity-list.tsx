import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { RoomActivity, RoomState } from '@playshop/shared';
import { IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { StaffMessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { QueryBoundary } from '../../ui/query-boundary';
import { toastError } from '../../ui/toast';
import { TruncatedText } from '../../ui/truncated-text';
import { useRoomActivity } from './room-activity-api';
import { useOpenLobby } from './rooms-api';

const STATE_COLORS: Record<RoomState, string> = { lobby: 'green', playing: 'blue', closed: 'gray' };
const STATE_LABELS: Record<RoomState, StaffMessageId> = {
  lobby: 'rooms.stateLobby',
  playing: 'rooms.statePlaying',
  closed: 'rooms.stateClosed',
};

/** The facilitator game screen of a room: where a room is run (lobby, join code, rolls). */
export const runRoomPath = (org: string, roomId: number) =>
  `/${encodeURIComponent(org)}/facilitator/online/rooms/play-game/${roomId}`;

/** An organization's rooms with their state and players now, each with a one-click 'Run'. */
export function RoomActivityList({ org, emptyText }: { org: string; emptyText: string }) {
  const t = useT();
  return (
    <QueryBoundary query={useRoomActivity(org)} loading={t('rooms.loading')}>
      {({ rooms }) =>
        rooms.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('rooms.title')}
          >
            {rooms.map((room) => (
              <RoomRow key={room.id} org={org} room={room} />
            ))}
          </Stack>
        )
      }
    </QueryBoundary>
  );
}

function RoomRow({ org, room }: { org: string; room: RoomActivity }) {
  const navigate = useNavigate();
  const openLobby = useOpenLobby();
  const t = useT();
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      {/* The buttons move under the name when beside it the name and state would be cut (issue 42). */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 10rem' }}>
          <TruncatedText fw={600}>{room.name}</TruncatedText>
          <TruncatedText size="sm" c="dimmed">
            {room.workshopName}
          </TruncatedText>
          <Group gap="xs">
            <Badge variant="light" color={STATE_COLORS[room.state]} c="dark">
              {t(STATE_LABELS[room.state])}
            </Badge>
            <Text size="sm" c="dimmed" span>
              <IconUsers size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {t('rooms.players', { count: room.players })}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          {room.state === 'closed' && (
            // Between games a room starts its next game from here: the lobby opens, the game screen follows.
            <Button
              variant="light"
              loading={openLobby.isPending}
              aria-label={t('rooms.openLobbyOf', { name: room.name })}
              onClick={() =>
                openLobby.mutateAsync(room.id).then(
                  () => navigate(runRoomPath(org, room.id)),
                  (err: Error) => toastError(err.message),
                )
              }
            >
              {t('rooms.openLobby')}
            </Button>
          )}
          <ButtonWithIcon
            icon={IconPlayerPlay}
            component={Link}
            to={runRoomPath(org, room.id)}
            aria-label={t('rooms.runRoom', { name: room.name })}
          >
            {t('rooms.run')}
          </ButtonWithIcon>
        </Group>
      </Group>
    </Card>
  );
}
