import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { ROOM_STATE_LABELS, type RoomActivity, type RoomState } from '@playshop/shared';
import { IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { QueryBoundary } from '../../ui/query-boundary';
import { toastError } from '../../ui/toast';
import { TruncatedText } from '../../ui/truncated-text';
import { useRoomActivity } from './room-activity-api';
import { useOpenLobby } from './rooms-api';

const STATE_COLORS: Record<RoomState, string> = { lobby: 'green', playing: 'blue', closed: 'gray' };

/** The facilitator game screen of a room: where a room is run (lobby, join code, rolls). */
export const runRoomPath = (org: string, roomId: number) =>
  `/${encodeURIComponent(org)}/facilitator/online/rooms/play-game/${roomId}`;

/** An organization's rooms with their state and players now, each with a one-click 'Run'. */
export function RoomActivityList({ org, emptyText }: { org: string; emptyText: string }) {
  return (
    <QueryBoundary query={useRoomActivity(org)} loading="Loading rooms">
      {({ rooms }) =>
        rooms.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rooms">
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
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <TruncatedText fw={600}>{room.name}</TruncatedText>
          <TruncatedText size="sm" c="dimmed">
            {room.workshopName}
          </TruncatedText>
          <Group gap="xs">
            <Badge variant="light" color={STATE_COLORS[room.state]} c="dark">
              {ROOM_STATE_LABELS[room.state]}
            </Badge>
            <Text size="sm" c="dimmed" span>
              <IconUsers size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {room.players === 1 ? '1 player' : `${room.players} players`}
            </Text>
          </Group>
        </Stack>
        {room.state === 'closed' && (
          // Between games a room starts its next game from here: the lobby opens, the game screen follows.
          <Button
            variant="light"
            loading={openLobby.isPending}
            aria-label={`Open Lobby of ${room.name}`}
            style={{ flexShrink: 0 }}
            onClick={() =>
              openLobby.mutate(room.id, {
                onSuccess: () => void navigate(runRoomPath(org, room.id)),
                onError: (err) => toastError(err.message),
              })
            }
          >
            Open Lobby
          </Button>
        )}
        <Button
          component={Link}
          to={runRoomPath(org, room.id)}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          aria-label={`Run ${room.name}`}
          style={{ flexShrink: 0 }}
        >
          Run
        </Button>
      </Group>
    </Card>
  );
}
