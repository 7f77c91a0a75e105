import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { can, LICENCE_WARNING_DAYS, type OverviewDashboard, type RecentGame } from '@playshop/shared';
import {
  IconBuildingPlus,
  IconDownload,
  IconPlayerPlay,
  IconPresentation,
  IconUserPlus,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { useOrgWorkshops } from '../../features/organizations/organizations-api';
import { RoomActivityList, runRoomPath } from '../../features/rooms/room-activity-list';
import { downloadRoomReport } from '../../features/rooms/rooms-api';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { QueryBoundary } from '../../ui/query-boundary';
import { RetryAlert } from '../../ui/retry-alert';
import { TruncatedText } from '../../ui/truncated-text';
import { useOrgDashboard, useOverviewDashboard } from './dashboard-api';

/**
 * `{org}/admin/dashboard`: where an admin's work starts. A super admin gets 'Getting started' (the demo
 * room, a new organization, its first admin), licences ending soon and counts across organizations;
 * an organization's admin its rooms with their state and players now, recent games with their report,
 * the licence's end and counts. Both see the organization's current workshops.
 */
export function AdminDashboardPage() {
  const t = useT();
  const org = useParams().org ?? '';
  const user = useCurrentUser();
  const isSuper = can(user?.role, 'readOverviewDashboard');

  return (
    <Stack gap="lg" maw={1040}>
      <PageTitle subtitle={t('admin.dashboard')} style={{ overflowWrap: 'anywhere' }}>
        {org}
      </PageTitle>
      {isSuper ? <SuperAdminPanels org={org} /> : <OrgPanels org={org} />}
      <CurrentWorkshops org={org} />
    </Stack>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A Getting started link that opens a list with its Add dialog (`?add=1`). */
function AddShortcut({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: typeof IconUserPlus;
  children: string;
}) {
  return (
    <Button component={Link} to={to} size="md" variant="light" leftSection={<Icon size={18} aria-hidden />}>
      {children}
    </Button>
  );
}

/**
 * A list without bullets, a row an item: its name on the left, what goes with it on the right; `empty`
 * in grey when there are none.
 */
function RowList<T extends { id: number }>({
  items,
  empty,
  row,
}: {
  items: T[];
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
          {row(item)}
        </Group>
      ))}
    </Stack>
  );
}

function Counts({ items }: { items: [label: string, value: number][] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm" component="dl" m={0}>
      {items.map(([label, value]) => (
        <Card key={label} withBorder radius="md" padding="sm">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function SuperAdminPanels({ org }: { org: string }) {
  const t = useT();
  return (
    <QueryBoundary query={useOverviewDashboard()} loading={t('admin.loadingDashboard')}>
      {(overview) => <Overview org={org} overview={overview} />}
    </QueryBoundary>
  );
}

function Overview({ org, overview }: { org: string; overview: OverviewDashboard }) {
  const t = useT();
  const base = `/${encodeURIComponent(org)}/admin`;
  const { counts, expiringLicences, demoRoom } = overview;
  return (
    <>
      <Section title={t('admin.gettingStarted')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {demoRoom && (
            <Button
              component={Link}
              to={runRoomPath(demoRoom.orgName, demoRoom.id)}
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {t('admin.openDemoRoom')}
            </Button>
          )}
          <AddShortcut to={`${base}/organizations?add=1`} icon={IconBuildingPlus}>
            {t('admin.createOrganization')}
          </AddShortcut>
          <AddShortcut to={`${base}/admin-users?add=1`} icon={IconUserPlus}>
            {t('admin.addFirstAdmin')}
          </AddShortcut>
        </SimpleGrid>
        {demoRoom && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('admin.demoRoomHelp', { org: demoRoom.orgName })}
          </Text>
        )}
      </Section>
      <Counts
        items={[
          [t('admin.countOrganizations'), counts.organizations],
          [t('admin.countUsers'), counts.users],
          [t('admin.countGamesThisMonth'), counts.gamesThisMonth],
        ]}
      />
      <Section title={t('admin.licencesEnding', { days: LICENCE_WARNING_DAYS })}>
        <RowList
          items={expiringLicences}
          empty={t('admin.none')}
          row={(o) => (
            <>
              <Anchor
                component={Link}
                to={`${base}/organizations/editorg/${o.id}`}
                style={{ minWidth: 0 }}
                title={o.name}
                truncate="end"
              >
                {o.name}
              </Anchor>
              <Text size="sm" style={{ flexShrink: 0 }}>
                {t('admin.ends', { date: o.expiry ?? '' })}
              </Text>
            </>
          )}
        />
      </Section>
    </>
  );
}

function OrgPanels({ org }: { org: string }) {
  const t = useT();
  const dashboard = useOrgDashboard(org);
  return (
    <>
      {dashboard.isPending && <PageLoader label={t('admin.loadingDashboard')} />}
      {dashboard.isError && <ErrorAlert message={t('common.error', { message: dashboard.error.message })} />}
      {dashboard.data && (
        <>
          <Text>
            {t('admin.licence', {
              state: dashboard.data.organization.expiry
                ? t('admin.ends', { date: dashboard.data.organization.expiry })
                : t('organizations.noExpiry'),
            })}
          </Text>
          <Counts
            items={[
              [t('admin.countRooms'), dashboard.data.counts.rooms],
              [t('admin.countPlayers'), dashboard.data.counts.players],
              [t('admin.countStaff'), dashboard.data.counts.staff],
              [t('admin.countGamesThisMonth'), dashboard.data.counts.gamesThisMonth],
            ]}
          />
        </>
      )}
      <Section
        title={t('admin.rooms')}
        action={
          <Anchor component={Link} to={`/${encodeURIComponent(org)}/admin/rooms`} size="sm">
            {t('admin.manageRooms')}
          </Anchor>
        }
      >
        <RoomActivityList org={org} emptyText={t('admin.noRooms')} />
      </Section>
      {dashboard.data && (
        <Section title={t('admin.recentGames')}>
          <RecentGames games={dashboard.data.recentGames} />
        </Section>
      )}
    </>
  );
}

const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

function RecentGames({ games }: { games: RecentGame[] }) {
  const t = useT();
  return (
    <RowList
      items={games}
      empty={t('admin.noGames')}
      row={(g) => (
        <>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <TruncatedText fw={600}>{g.roomName}</TruncatedText>
            <Text size="sm" c="dimmed">
              {when(g.startedAt)} · {t('admin.players', { count: g.players })} ·{' '}
              {t('admin.winners', { count: g.winners })}
              {g.endedAt ? '' : ` · ${t('admin.running')}`}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void downloadRoomReport(g.roomId, g.roomName)}
            aria-label={t('admin.downloadReport', { room: g.roomName })}
            style={{ flexShrink: 0 }}
          >
            {t('admin.report')}
          </Button>
        </>
      )}
    />
  );
}

function CurrentWorkshops({ org }: { org: string }) {
  const t = useT();
  const workshops = useOrgWorkshops(org);
  return (
    <Section title={t('admin.currentWorkshops')}>
      {workshops.isPending && <PageLoader label={t('admin.loadingWorkshops')} />}
      {workshops.isError && (
        <RetryAlert
          title={t('admin.workshopsFailed')}
          retry={t('admin.tryAgain')}
          onRetry={() => workshops.refetch()}
        />
      )}
      {workshops.data?.length === 0 && <Text>{t('admin.noCurrentWorkshops')}</Text>}
      {workshops.data && workshops.data.length > 0 && (
        <List
          spacing="sm"
          center
          icon={
            <ThemeIcon variant="light" size={28} radius="xl" aria-hidden>
              <IconPresentation size={16} />
            </ThemeIcon>
          }
        >
          {workshops.data.map((workshop) => (
            <List.Item key={workshop.id} style={{ overflowWrap: 'anywhere' }}>
              {workshop.name}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
