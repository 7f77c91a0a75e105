import {
  Anchor,
  Button,
  type ButtonProps,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { can, canPickAnyOrganization, type RoomReply } from '@playshop/shared';
import {
  IconChevronDown,
  IconDownload,
  IconPrinter,
  IconUserMinus,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
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
import { PrintCardsDialog, type PrintRoom } from './print-cards-dialog';
import { useRoomActivity } from './room-activity-api';
import { RoomLanguageSelect, roomLanguageName } from './room-language';
import { downloadRoomReport, useDeleteRoom, useOpenLobby, useOrgRooms } from './rooms-api';

const PAGE = 10;

type RoomsArea = 'admin' | 'facilitator';

/** A room's game page in the area: the admin's room view or the facilitator's game screen. */
function roomPath(org: string, area: RoomsArea, room: RoomReply) {
  const base = `/${encodeURIComponent(org)}`;
  return area === 'admin'
    ? `${base}/admin/rooms/play-game/${room.id}`
    : `${base}/facilitator/online/rooms/play-game/${room.id}`;
}

/** A compact action in a room's row, named for the room on screen readers. */
function RowButton({
  icon: Icon,
  label,
  ...props
}: ButtonProps & { icon: TablerIcon; label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<Icon size={14} aria-hidden />}
      aria-label={label}
      {...props}
    />
  );
}

/** Print cards: opens the dialog for the room. */
function PrintCardsButton({ room }: { room: PrintRoom }) {
  const [opened, setOpened] = useState(false);
  const t = useT();
  return (
    <>
      <RowButton
        icon={IconPrinter}
        label={t('rooms.printCardsForAria', { name: room.name })}
        onClick={() => setOpened(true)}
      >
        {t('rooms.printCards')}
      </RowButton>
      {opened && <PrintCardsDialog room={room} opened onClose={() => setOpened(false)} />}
    </>
  );
}

/** Open Lobby: a new game in a room between games (same room, same code), then its game page. */
function OpenLobbyButton({ room, path }: { room: RoomReply; path: string }) {
  const t = useT();
  const navigate = useNavigate();
  const openLobby = useOpenLobby();
  return (
    <Button
      variant="light"
      size="compact-sm"
      aria-label={t('rooms.openLobbyOf', { name: room.name })}
      loading={openLobby.isPending}
      onClick={() =>
        openLobby.mutateAsync(room.id).then(
          () => navigate(path),
          (err: Error) => toastError(err.message),
        )
      }
    >
      {t('rooms.openLobby')}
    </Button>
  );
}

/** The room's report as a CSV: the game report or the event log. */
function ReportMenu({ room }: { room: RoomReply }) {
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('rooms.downloadReportFor', { name: room.name })}
        >
          {t('rooms.report')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void downloadRoomReport(room.id, room.name)}>
          {t('rooms.gameReportCsv')}
        </Menu.Item>
        <Menu.Item onClick={() => void downloadRoomReport(room.id, room.name, 'log')}>
          {t('rooms.eventLogCsv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface RoomGameCellProps {
  room: RoomReply;
  area: RoomsArea;
  canRun: boolean;
  canManage: boolean;
  isClosed: boolean;
  onRemoveGuests: (room: RoomReply) => void;
}

/** A room's game column: open or play it, Open Lobby, its report, printed cards, removing its guests. */
function RoomGameCell({ room, area, canRun, canManage, isClosed, onRemoveGuests }: RoomGameCellProps) {
  const { org = '' } = useParams();
  const t = useT();
  const path = roomPath(org, area, room);
  // The actions wrap onto a second line rather than squeeze: no word is cut, no button clipped (issue 42).
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor
        component={Link}
        to={path}
        style={{ whiteSpace: 'nowrap' }}
        aria-label={
          area === 'admin'
            ? t('rooms.openRoom', { name: room.name })
            : t('rooms.playRoom', { name: room.name })
        }
      >
        {area === 'admin' ? t('rooms.open') : t('rooms.play')}
      </Anchor>
      {canRun && isClosed && <OpenLobbyButton room={room} path={path} />}
      <ReportMenu room={room} />
      {canRun && <PrintCardsButton room={room} />}
      {canManage && (
        <RowButton
          icon={IconUserMinus}
          color="dark"
          c="red.9"
          label={t('rooms.removeGuestsOf', { name: room.name })}
          onClick={() => onRemoveGuests(room)}
        >
          {t('rooms.removeGuests')}
        </RowButton>
      )}
    </Group>
  );
}

/**
 * Who may do what on the page: a super admin in the admin area picks the organization (the one in
 * the URL), and manages its rooms once it is known; runners see which rooms are between games.
 */
function useRoomsAccess(area: RoomsArea) {
  const { org = '' } = useParams();
  const user = useCurrentUser();
  const canRun = !!user && can(user.role, 'runRooms');
  // Which rooms are between games: those offer Open Lobby (a new game in the same room, same code).
  const activity = useRoomActivity(org, canRun);
  const isClosed = (room: RoomReply) =>
    activity.data?.rooms.find((a) => a.id === room.id)?.state === 'closed';
  const canPickOrg = area === 'admin' && !!user && canPickAnyOrganization(user.role);
  const orgOptions = useOrgOptions({ enabled: canPickOrg });
  // The organization in the URL is the one the page lists and creates rooms for.
  const urlOrg = orgOptions.data?.find((o) => o.name === org);
  const canManage = area === 'admin' && !!user && can(user.role, 'manageRooms') && (!canPickOrg || !!urlOrg);
  return { org, canRun, isClosed, canPickOrg, orgOptions, urlOrg, canManage };
}

function RoomsList({ area }: { area: RoomsArea }) {
  const t = useT();
  const { org, canRun, isClosed, canPickOrg, orgOptions, urlOrg, canManage } = useRoomsAccess(area);
  const rooms = useOrgRooms(org);
  const remove = useDeleteRoom();
  const removeGuests = useRemoveGuests();
  const confirmRemoveGuests = useConfirmDelete<RoomReply>(async (room) => {
    const { removed } = await removeGuests.mutateAsync(room.id);
    toastSuccess(t('rooms.guestsRemoved', { count: removed }));
  });
  const [page, setPage] = useState(1);
  const rows = rooms.data?.slice((page - 1) * PAGE, page * PAGE);

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
              <RoomGameCell
                room={r}
                area={area}
                canRun={canRun}
                canManage={canManage}
                isClosed={isClosed(r)}
                onRemoveGuests={confirmRemoveGuests.ask}
              />
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
