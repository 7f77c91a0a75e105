import {
  type DashboardRooms,
  LICENCE_WARNING_DAYS,
  type OrgDashboard,
  type OverviewDashboard,
} from '@playshop/shared';
import { and, asc, count, countDistinct, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, games, organizations, rooms, users, workshops } from '../db/schema';
import { DEMO_ORG, DEMO_ROOM } from '../first-start/first-start';
import { type Actor, orgInScope } from '../http/actor';
import type { RoomActivitySource } from '../rooms/room-activity';

const RECENT_GAMES = 5;

/** The first day of `now`'s month, UTC: 'games this month' start there. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** The super admin's overview: counts, licences expiring soon, the demo room. */
async function overviewDashboard(db: Db, now: Date): Promise<OverviewDashboard> {
  const until = new Date(now.getTime() + LICENCE_WARNING_DAYS * 86_400_000);
  const [orgCount, userCount, gameCount, expiring, demo] = await Promise.all([
    one(db.select({ n: count() }).from(organizations)),
    one(db.select({ n: count() }).from(users)),
    one(
      db
        .select({ n: count() })
        .from(games)
        .where(gte(games.createdAt, monthStart(now))),
    ),
    db
      .select({ id: organizations.id, name: organizations.name, expiry: organizations.expiry })
      .from(organizations)
      .where(and(gte(organizations.expiry, isoDay(now)), lte(organizations.expiry, isoDay(until))))
      .orderBy(asc(organizations.expiry), asc(organizations.name)),
    db
      .select({ id: rooms.id, name: rooms.name, orgName: organizations.name })
      .from(rooms)
      .innerJoin(organizations, eq(organizations.id, rooms.orgId))
      .where(and(eq(organizations.name, DEMO_ORG), eq(rooms.name, DEMO_ROOM)))
      .limit(1),
  ]);
  return {
    counts: { organizations: orgCount, users: userCount, gamesThisMonth: gameCount },
    expiringLicences: expiring.map((o) => ({ id: o.id, name: o.name, expiry: o.expiry! })),
    demoRoom: demo[0] ?? null,
  };
}

/** Players joined and winners of some games, in one query. */
async function gameTallies(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      gameId: gameEvents.gameId,
      players: countDistinct(
        sql`case when ${gameEvents.type} = 'player_joined' then ${gameEvents.payload}->>'userId' end`,
      ),
      winners: countDistinct(sql`case when ${gameEvents.type} = 'bingo' then ${gameEvents.seq} end`),
    })
    .from(gameEvents)
    .where(and(inArray(gameEvents.gameId, ids), inArray(gameEvents.type, ['player_joined', 'bingo'])))
    .groupBy(gameEvents.gameId);
}

export function dashboardService(db: Db, activity: RoomActivitySource, clock: () => Date = () => new Date()) {
  const orgByName = (actor: Actor, name: string) => orgInScope(db, actor, eq(organizations.name, name));

  return {
    overview: (): Promise<OverviewDashboard> => overviewDashboard(db, clock()),

    async organization(actor: Actor, orgName: string): Promise<OrgDashboard> {
      const org = await orgByName(actor, orgName);
      const orgGames = and(eq(rooms.orgId, org.id), gte(games.createdAt, monthStart(clock())));
      const [roomCount, playerCount, staffCount, gameCount, recent] = await Promise.all([
        one(db.select({ n: count() }).from(rooms).where(eq(rooms.orgId, org.id))),
        one(
          db
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.orgId, org.id), eq(users.role, 'PLAYER'))),
        ),
        one(
          db
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.orgId, org.id), ne(users.role, 'PLAYER'))),
        ),
        one(
          db.select({ n: count() }).from(games).innerJoin(rooms, eq(rooms.id, games.roomId)).where(orgGames),
        ),
        db
          .select({
            id: games.id,
            roomId: games.roomId,
            roomName: rooms.name,
            startedAt: games.createdAt,
            endedAt: games.endedAt,
          })
          .from(games)
          .innerJoin(rooms, eq(rooms.id, games.roomId))
          .where(eq(rooms.orgId, org.id))
          .orderBy(desc(games.createdAt), desc(games.id))
          .limit(RECENT_GAMES),
      ]);
      const tallies = await gameTallies(
        db,
        recent.map((g) => g.id),
      );
      return {
        organization: org,
        counts: { rooms: roomCount, players: playerCount, staff: staffCount, gamesThisMonth: gameCount },
        recentGames: recent.map((g) => {
          const t = tallies.find((x) => x.gameId === g.id);
          return {
            ...g,
            startedAt: g.startedAt.toISOString(),
            endedAt: g.endedAt?.toISOString() ?? null,
            players: t?.players ?? 0,
            winners: t?.winners ?? 0,
          };
        }),
      };
    },

    async rooms(actor: Actor, orgName: string): Promise<DashboardRooms> {
      const org = await orgByName(actor, orgName);
      const list = await db
        .select({ id: rooms.id, name: rooms.name, workshopName: workshops.name })
        .from(rooms)
        .innerJoin(workshops, eq(workshops.id, rooms.workshopId))
        .where(eq(rooms.orgId, org.id))
        .orderBy(asc(rooms.name), asc(rooms.id));
      const now = await activity(list.map((r) => r.id));
      return {
        rooms: list.map((r) => ({ ...r, ...(now.get(r.id) ?? { state: 'closed' as const, players: 0 }) })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
