import { Anchor, Button, Group, Menu, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { can, canPickAnyOrganization, type RoomReply } from '@playshop/shared';
import { IconChevronDown, IconDownload, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { DataTable } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { toastError, toastSuccess } from '../../ui/toast';
import { useOrgOptions } from '../organizations/organizations-api';
import { useRemoveGuests } from '../users/users-api';
import { CreateRoomForm } from './create-room-form';
import { PrintCardsButton } from './print-cards-dialog';
import { useRoomActivity } from './room-activity-api';
import { downloadRoomReport, useDeleteRoom, useOpenLobby, useOrgRooms } from './rooms-api';

const PAGE = 10;

function RoomsList({ area }: { area: 'admin' | 'facilitator' }) {
  const { org = '' } = useParams();
  const user = useCurrentUser();
  const rooms = useOrgRooms(org);
  const remove = useDeleteRoom();
  const removeGuests = useRemoveGuests();
  const navigate = useNavigate();
  const openLobby = useOpenLobby();
  const canRun = !!user && can(user.role, 'runRooms');
  // Which rooms are between games: those offer Open Lobby (a new game in the same room, same code).
  const activity = useRoomActivity(org, canRun);
  const isClosed = (room: RoomReply) =>
    activity.data?.rooms.find((a) => a.id === room.id)?.state === 'closed';
  const confirmRemoveGuests = useConfirmDelete<RoomReply>(async (room) => {
    const { removed } = await removeGuests.mutateAsync(room.id);
    toastSuccess(`${removed} guest${removed === 1 ? '' : 's'} removed`);
  });
  const [page, setPage] = useState(1);
  const base = `/${encodeURIComponent(org)}`;
  const canPickOrg = area === 'admin' && !!user && canPickAnyOrganization(user.role);
  const orgOptions = useOrgOptions({ enabled: canPickOrg });
  // The organization in the URL is the one the page lists and creates rooms for.
  const urlOrg = orgOptions.data?.find((o) => o.name === org);
  const canManage = area === 'admin' && !!user && can(user.role, 'manageRooms') && (!canPickOrg || !!urlOrg);
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
      {canPickOrg && <OrganizationChoice current={org} options={orgOptions.data ?? []} />}
      {canManage && <CreateRoomForm key={org} org={org} orgId={canPickOrg ? urlOrg?.id : undefined} />}
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
                {canRun && isClosed(r) && (
                  <Button
                    variant="light"
                    size="compact-sm"
                    aria-label={`Open Lobby of ${r.name}`}
                    loading={openLobby.isPending && openLobby.variables === r.id}
                    onClick={() =>
                      openLobby.mutate(r.id, {
                        onSuccess: () => void navigate(openPath(r)),
                        onError: (err) => toastError(err.message),
                      })
                    }
                  >
                    Open Lobby
                  </Button>
                )}
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      rightSection={<IconChevronDown size={14} aria-hidden />}
                      aria-label={`Download report for ${r.name}`}
                    >
                      Report
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void downloadRoomReport(r.id, r.name)}>
                      Game report (CSV)
                    </Menu.Item>
                    <Menu.Item onClick={() => void downloadRoomReport(r.id, r.name, 'log')}>
                      Raw event log (CSV)
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
                {user && can(user.role, 'runRooms') && <PrintCardsButton room={r} />}
                {canManage && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    color="dark"
                    c="red.9"
                    leftSection={<IconUserMinus size={14} aria-hidden />}
                    onClick={() => confirmRemoveGuests.ask(r)}
                    aria-label={`Remove the guests of ${r.name}`}
                  >
                    Remove guests
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDeleteDialog
        state={confirmRemoveGuests}
        thing="room's guests"
        label={(r) => `Every guest who joined ${r.name}`}
        warning="Guests who joined with a nickname lose their account; players made by an admin stay. Only once the room's game is over."
      />
      {area === 'facilitator' && (
        <Paper withBorder radius="md" p="md" maw={420}>
          <Title order={2} fz="lg" mb="sm">
            How players join
          </Title>
          <Text>
            Open a room: its game screen shows a room code, a QR code and a link. Players scan it or type the
            code on the PLAYER LOGIN page, then give their username or, where guests are allowed, a nickname.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * A super admin runs any organization's rooms: choosing one opens its Rooms page, so the address
 * always names the organization the page works on.
 */
function OrganizationChoice({
  current,
  options,
}: {
  current: string;
  options: { id: number; name: string }[];
}) {
  const navigate = useNavigate();
  return (
    <Select
      label="Organization"
      description="The organization whose rooms this page lists and creates"
      maw={360}
      searchable
      allowDeselect={false}
      data={options.map((o) => o.name)}
      value={options.some((o) => o.name === current) ? current : null}
      placeholder="Select an organization"
      onChange={(name) => name && navigate(`/${encodeURIComponent(name)}/admin/rooms`)}
    />
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
