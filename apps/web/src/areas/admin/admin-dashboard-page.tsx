import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  can,
  LICENCE_WARNING_DAYS,
  ORG_TEXTS,
  type OverviewDashboard,
  type RecentGame,
} from '@playshop/shared';
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
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { QueryBoundary } from '../../ui/query-boundary';
import { TruncatedText } from '../../ui/truncated-text';
import { useOrgDashboard, useOverviewDashboard } from './dashboard-api';

/**
 * `{org}/admin/dashboard`: where an admin's work starts. A super admin gets 'Getting started' (the demo
 * room, a new organization, its first admin), licences ending soon and counts across organizations;
 * an organization's admin its rooms with their state and players now, recent games with their report,
 * the licence's end and counts. Both see the organization's current workshops.
 */
export function AdminDashboardPage() {
  const org = useParams().org ?? '';
  const user = useCurrentUser();
  const isSuper = can(user?.role, 'readOverviewDashboard');

  return (
    <Stack gap="lg" maw={1040}>
      <PageTitle subtitle="Dashboard" style={{ overflowWrap: 'anywhere' }}>
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
  return (
    <QueryBoundary query={useOverviewDashboard()} loading="Loading the dashboard">
      {(overview) => <Overview org={org} overview={overview} />}
    </QueryBoundary>
  );
}

function Overview({ org, overview }: { org: string; overview: OverviewDashboard }) {
  const base = `/${encodeURIComponent(org)}/admin`;
  const { counts, expiringLicences, demoRoom } = overview;
  return (
    <>
      <Section title="Getting started">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {demoRoom && (
            <Button
              component={Link}
              to={runRoomPath(demoRoom.orgName, demoRoom.id)}
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              Open the demo room
            </Button>
          )}
          <Button
            component={Link}
            to={`${base}/organizations?add=1`}
            size="md"
            variant="light"
            leftSection={<IconBuildingPlus size={18} aria-hidden />}
          >
            Create an organization
          </Button>
          <Button
            component={Link}
            to={`${base}/admin-users?add=1`}
            size="md"
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Add its first admin
          </Button>
        </SimpleGrid>
        {demoRoom && (
          <Text size="sm" c="dimmed" mt="sm">
            The demo room of {demoRoom.orgName}: open its lobby and show players the join code.
          </Text>
        )}
      </Section>
      <Counts
        items={[
          ['Organizations', counts.organizations],
          ['Users', counts.users],
          ['Games this month', counts.gamesThisMonth],
        ]}
      />
      <Section title={`Licences ending within ${LICENCE_WARNING_DAYS} days`}>
        {expiringLicences.length === 0 ? (
          <Text c="dimmed">None</Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {expiringLicences.map((o) => (
              <Group key={o.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
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
                  ends {o.expiry}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}

function OrgPanels({ org }: { org: string }) {
  const dashboard = useOrgDashboard(org);
  return (
    <>
      {dashboard.isPending && <PageLoader label="Loading the dashboard" />}
      {dashboard.isError && <ErrorAlert message={`Error: ${dashboard.error.message}`} />}
      {dashboard.data && (
        <>
          <Text>
            Licence:{' '}
            {dashboard.data.organization.expiry
              ? `ends ${dashboard.data.organization.expiry}`
              : ORG_TEXTS.noExpiry}
          </Text>
          <Counts
            items={[
              ['Rooms', dashboard.data.counts.rooms],
              ['Players', dashboard.data.counts.players],
              ['Staff', dashboard.data.counts.staff],
              ['Games this month', dashboard.data.counts.gamesThisMonth],
            ]}
          />
        </>
      )}
      <Section
        title="Rooms"
        action={
          <Anchor component={Link} to={`/${encodeURIComponent(org)}/admin/rooms`} size="sm">
            Manage rooms
          </Anchor>
        }
      >
        <RoomActivityList org={org} emptyText="No rooms yet: create one on the Rooms page." />
      </Section>
      {dashboard.data && (
        <Section title="Recent games">
          <RecentGames games={dashboard.data.recentGames} />
        </Section>
      )}
    </>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function RecentGames({ games }: { games: RecentGame[] }) {
  if (games.length === 0) return <Text c="dimmed">No games yet</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {games.map((g) => (
        <Group key={g.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <TruncatedText fw={600}>{g.roomName}</TruncatedText>
            <Text size="sm" c="dimmed">
              {when(g.startedAt)} · {g.players === 1 ? '1 player' : `${g.players} players`} ·{' '}
              {g.winners === 1 ? '1 winner' : `${g.winners} winners`}
              {g.endedAt ? '' : ' · running'}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void downloadRoomReport(g.roomId, g.roomName)}
            aria-label={`Download report for ${g.roomName}`}
            style={{ flexShrink: 0 }}
          >
            Report
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function CurrentWorkshops({ org }: { org: string }) {
  const workshops = useOrgWorkshops(org);
  return (
    <Section title="Current workshops">
      {workshops.isPending && <PageLoader label="Loading workshops" />}
      {workshops.isError && (
        <Alert color="red" variant="light" title="The workshops could not be loaded">
          <Button mt="xs" variant="default" onClick={() => workshops.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {workshops.data?.length === 0 && <Text>No current workshops</Text>}
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
