import { Anchor, Button, Group, Menu, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { can, canPickAnyOrganization, type RoomReply } from '@playshop/shared';
import { IconChevronDown, IconDownload, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { DataTable } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { toastError, toastSuccess } from '../../ui/toast';
import { useOrgOptions } from '../organizations/organizations-api';
import { useRemoveGuests } from '../users/users-api';
import { CreateRoomForm } from './create-room-form';
import { PrintCardsButton } from './print-cards-dialog';
import { useRoomActivity } from './room-activity-api';
import { RoomLanguageSelect, roomLanguageName } from './room-language';
import { downloadRoomReport, useDeleteRoom, useOpenLobby, useOrgRooms } from './rooms-api';

const PAGE = 10;

function RoomsList({ area }: { area: 'admin' | 'facilitator' }) {
  const { org = '' } = useParams();
  const user = useCurrentUser();
  const t = useT();
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
    toastSuccess(t('rooms.guestsRemoved', { count: removed }));
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
      <PageTitle subtitle={area === 'admin' ? t('rooms.adminSubtitle') : t('rooms.facilitatorSubtitle')}>
        {t('rooms.title')}
      </PageTitle>
      {canPickOrg && <OrganizationChoice current={org} options={orgOptions.data ?? []} />}
      {canManage && <CreateRoomForm key={org} org={org} orgId={canPickOrg ? urlOrg?.id : undefined} />}
      <DataTable<RoomReply>
        caption={t('rooms.title')}
        thing={t('rooms.thing')}
        rows={rows}
        isLoading={rooms.isPending}
        error={rooms.error}
        getRowKey={(r) => r.id}
        getRowLabel={(r) => r.name}
        emptyText={t('rooms.empty')}
        page={page}
        pageCount={Math.ceil((rooms.data?.length ?? 0) / PAGE)}
        onPageChange={setPage}
        onDelete={canManage ? (r) => remove.mutateAsync(r.id) : undefined}
        columns={[
          { header: t('rooms.name'), render: (r) => r.name },
          { header: t('rooms.workshop'), render: (r) => r.workshop.name },
          {
            header: t('rooms.language'),
            render: (r) => (canManage ? <RoomLanguageSelect room={r} /> : roomLanguageName(t, r)),
          },
          {
            header: t('rooms.game'),
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={openPath(r)}
                  aria-label={
                    area === 'admin'
                      ? t('rooms.openRoom', { name: r.name })
                      : t('rooms.playRoom', { name: r.name })
                  }
                >
                  {area === 'admin' ? t('rooms.open') : t('rooms.play')}
                </Anchor>
                {canRun && isClosed(r) && (
                  <Button
                    variant="light"
                    size="compact-sm"
                    aria-label={t('rooms.openLobbyOf', { name: r.name })}
                    loading={openLobby.isPending && openLobby.variables === r.id}
                    onClick={() =>
                      openLobby.mutate(r.id, {
                        onSuccess: () => void navigate(openPath(r)),
                        onError: (err) => toastError(err.message),
                      })
                    }
                  >
                    {t('rooms.openLobby')}
                  </Button>
                )}
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      rightSection={<IconChevronDown size={14} aria-hidden />}
                      aria-label={t('rooms.downloadReportFor', { name: r.name })}
                    >
                      {t('rooms.report')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void downloadRoomReport(r.id, r.name)}>
                      {t('rooms.gameReportCsv')}
                    </Menu.Item>
                    <Menu.Item onClick={() => void downloadRoomReport(r.id, r.name, 'log')}>
                      {t('rooms.eventLogCsv')}
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
                    aria-label={t('rooms.removeGuestsOf', { name: r.name })}
                  >
                    {t('rooms.removeGuests')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDeleteDialog
        state={confirmRemoveGuests}
        thing={t('rooms.guestsThing')}
        label={(r) => t('rooms.everyGuestOf', { name: r.name })}
        warning={t('rooms.removeGuestsWarning')}
      />
      {area === 'facilitator' && (
        <Paper withBorder radius="md" p="md" maw={420}>
          <Title order={2} fz="lg" mb="sm">
            {t('rooms.howPlayersJoin')}
          </Title>
          <Text>{t('rooms.howPlayersJoinText')}</Text>
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
  const t = useT();
  return (
    <Select
      label={t('rooms.organization')}
      description={t('rooms.organizationDescription')}
      maw={360}
      searchable
      allowDeselect={false}
      data={options.map((o) => o.name)}
      value={options.some((o) => o.name === current) ? current : null}
      placeholder={t('rooms.selectOrganization')}
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
