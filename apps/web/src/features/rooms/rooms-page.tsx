import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isAdminRole, type RoomReply } from '@playshop/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadRoomReport } from '../../api/download-room-report';
import { useDeleteRoom } from '../../api/use-delete-room';
import { useOrgRooms } from '../../api/use-org-rooms';
import { useCurrentUser } from '../../auth/auth-provider';
import { JoinCodeBody, joinUrl } from '../../game/join-code';
import { DataTable } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { CreateRoomForm } from './create-room-form';

const PAGE = 10;

function RoomsList({ area }: { area: 'admin' | 'facilitator' }) {
  const { org = '' } = useParams();
  const user = useCurrentUser();
  const rooms = useOrgRooms(org);
  const remove = useDeleteRoom();
  const [page, setPage] = useState(1);
  const base = `/${encodeURIComponent(org)}`;
  const canManage = area === 'admin' && !!user && isAdminRole(user.role);
  const rows = rooms.data?.slice((page - 1) * PAGE, page * PAGE);
  const openPath = (room: RoomReply) =>
    area === 'admin'
      ? `${base}/admin/rooms/play-game/${room.id}`
      : `${base}/facilitator/online/rooms/play-game/${room.id}`;

  return (
    <Stack gap="lg">
      <PageTitle
        subtitle={area === 'admin' ? 'Create rooms and open their lobbies.' : 'Pick a room to run the game.'}
      >
        Rooms
      </PageTitle>
      {canManage && <CreateRoomForm org={org} />}
      <DataTable<RoomReply>
        caption="Rooms"
        thing="Room"
        rows={rows}
        isLoading={rooms.isPending}
        error={rooms.error}
        getRowKey={(r) => r.id}
        getRowLabel={(r) => r.name}
        emptyText="No rooms yet"
        page={page}
        pageCount={Math.ceil((rooms.data?.length ?? 0) / PAGE)}
        onPageChange={setPage}
        onDelete={canManage ? (r) => remove.mutateAsync(r.id) : undefined}
        columns={[
          { header: 'Name', render: (r) => r.name },
          { header: 'Workshop', render: (r) => r.workshop.name },
          {
            header: 'Game',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={openPath(r)}
                  aria-label={`${area === 'admin' ? 'Open' : 'Play'} ${r.name}`}
                >
                  {area === 'admin' ? 'Open' : 'Play'}
                </Anchor>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => void downloadRoomReport(r.id, r.name)}
                  aria-label={`Download report for ${r.name}`}
                >
                  Report
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {area === 'facilitator' && (
        <Paper withBorder radius="md" p="md" maw={420}>
          <Title order={2} fz="lg" mb="sm">
            How players join
          </Title>
          <JoinCodeBody roomName={rooms.data?.[0]?.name ?? 'your room'} url={joinUrl()} />
          <Text size="sm" c="dimmed" mt="xs" ta="center">
            The same code works for every room of {org}.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/** `{org}/admin/rooms`. */
export function AdminRoomsPage() {
  return <RoomsList area="admin" />;
}

/** `{org}/facilitator/online/rooms`. */
export function FacilitatorRoomsPage() {
  return <RoomsList area="facilitator" />;
}
