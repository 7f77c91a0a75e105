import { z } from 'zod/mini';
import { endpoints, GET } from './endpoint';
import { ZOrgNameParam } from './schemas';

/**
 * The dashboards: where each role's work starts. A room is 'lobby' while its lobby is open
 * and no game has started, 'playing' once a game has started, 'closed' otherwise (never opened, or
 * its last game ended).
 */
export const ROOM_STATES = ['lobby', 'playing', 'closed'] as const;
export type RoomState = (typeof ROOM_STATES)[number];

export const ROOM_STATE_LABELS: Record<RoomState, string> = {
  lobby: 'Lobby open',
  playing: 'Playing',
  closed: 'Closed',
};

/** Licences ending within this many days are listed on the super admin's dashboard. */
export const LICENCE_WARNING_DAYS = 30;

/** One room on a dashboard: what it runs, its state and how many players are in it now. */
export const ZRoomActivity = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  workshopName: z.string(),
  state: z.enum(ROOM_STATES),
  players: z.number().check(z.int()),
});
export type RoomActivity = z.infer<typeof ZRoomActivity>;

/** GET /dashboard/rooms/{org}: the organization's rooms (staff of it; any for a super admin). */
export const ZDashboardRooms = z.object({ rooms: z.array(ZRoomActivity) });
export type DashboardRooms = z.infer<typeof ZDashboardRooms>;

export const ZRecentGame = z.object({
  id: z.number().check(z.int()),
  roomId: z.number().check(z.int()),
  roomName: z.string(),
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  players: z.number().check(z.int()),
  winners: z.number().check(z.int()),
});
export type RecentGame = z.infer<typeof ZRecentGame>;

/** GET /dashboard/org/{org}: an admin's organization at a glance. */
export const ZOrgDashboard = z.object({
  organization: z.object({ id: z.number().check(z.int()), name: z.string(), expiry: z.nullable(z.string()) }),
  counts: z.object({
    rooms: z.number().check(z.int()),
    players: z.number().check(z.int()),
    staff: z.number().check(z.int()),
    gamesThisMonth: z.number().check(z.int()),
  }),
  recentGames: z.array(ZRecentGame),
});
export type OrgDashboard = z.infer<typeof ZOrgDashboard>;

/** GET /dashboard/overview: the super admin's start. */
export const ZOverviewDashboard = z.object({
  counts: z.object({
    organizations: z.number().check(z.int()),
    users: z.number().check(z.int()),
    gamesThisMonth: z.number().check(z.int()),
  }),
  expiringLicences: z.array(
    z.object({ id: z.number().check(z.int()), name: z.string(), expiry: z.string() }),
  ),
  /** The first-start demo room, while it exists: 'Getting started' opens it in one click. */
  demoRoom: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string(), orgName: z.string() })),
});
export type OverviewDashboard = z.infer<typeof ZOverviewDashboard>;

export const DASHBOARD_API = endpoints(['dashboard'], {
  overview: GET(
    { path: '/dashboard/overview', reply: ZOverviewDashboard, access: 'readOverviewDashboard' },
    'Super admin: counts, licences ending within 30 days, the demo room',
  ),
  organization: GET(
    { path: '/dashboard/org/:org', params: ZOrgNameParam, reply: ZOrgDashboard, access: 'readOrgDashboard' },
    "An organization's counts, licence end and recent games (its admins; any for a super admin)",
  ),
  rooms: GET(
    {
      path: '/dashboard/rooms/:org',
      params: ZOrgNameParam,
      reply: ZDashboardRooms,
      access: 'readRoomActivity',
    },
    "An organization's rooms with their state and players now (its staff; any for a super admin)",
  ),
});
