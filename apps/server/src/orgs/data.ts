import { Readable } from 'node:stream';
import { english } from '@playshop/messages/english';
import {
  API_PREFIX,
  ERASED_PLAYER,
  erasedUsername,
  FILES_PATH,
  isStaffRole,
  message,
} from '@playshop/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { AuditService } from '../audit/service';
import { presentContent } from '../content/reading';
import type { Db } from '../db/client';
import {
  gameEvents,
  games,
  organizations,
  orgWorkshops,
  printedCardSets,
  refreshTokens,
  roomSessions,
  rooms,
  sessionContent,
  sessions,
  signInSessions,
  users,
  workshops,
  xapiStatements,
} from '../db/schema';
import { type Actor, orgInScopeById, orgScope } from '../http/actor';
import { toCsv } from '../http/csv';
import { AppError, notFound } from '../http/errors';
import { printedCardSetColumns } from '../print/printed-cards';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import type { Storage } from '../storage/storage';
import { personColumns } from '../users/reading';
import { answerLines } from './answers-csv';

const FILES_PREFIX = `${API_PREFIX}${FILES_PATH}/`;
const EVENTS_PAGE = 2_000;
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** Every event of the games as JSON lines, read a page at a time. */
async function* eventLines(db: Db, gameIds: number[]): AsyncGenerator<string> {
  if (gameIds.length === 0) return;
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(gameEvents)
      .where(and(inArray(gameEvents.gameId, gameIds), gt(gameEvents.id, after)))
      .orderBy(asc(gameEvents.id))
      .limit(EVENTS_PAGE);
    for (const e of page) yield `${JSON.stringify(e)}\n`;
    if (page.length < EVENTS_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/** The organization's people, workshops (linked or used by its rooms) with their content, rooms and games. */
async function readOrgData(db: Db, id: number) {
  const people = await db
    .select({ ...personColumns, isGuest: users.isGuest, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.orgId, id))
    .orderBy(asc(users.id));
  const linked = await db
    .select({ id: workshops.id, name: workshops.name })
    .from(orgWorkshops)
    .innerJoin(workshops, eq(workshops.id, orgWorkshops.workshopId))
    .where(eq(orgWorkshops.orgId, id));
  const orgRooms = await db.select().from(rooms).where(eq(rooms.orgId, id)).orderBy(asc(rooms.id));
  const roomIds = orgRooms.map((r) => r.id);
  const workshopIds = [...new Set([...linked.map((w) => w.id), ...orgRooms.map((r) => r.workshopId)])];
  const workshopSessions = workshopIds.length
    ? await db.select().from(sessions).where(inArray(sessions.workshopId, workshopIds))
    : [];
  const sessionIds = workshopSessions.map((s) => s.id);
  const items = sessionIds.length
    ? await db.select().from(sessionContent).where(inArray(sessionContent.sessionId, sessionIds))
    : [];
  // The content as the content library presents it: questions with their answers, images, videos.
  const used = await presentContent(db, [...new Set(items.map((i) => i.contentId))]);
  const [orgGames, roomSessionRows, cardSets] = roomIds.length
    ? await Promise.all([
        db.select().from(games).where(inArray(games.roomId, roomIds)),
        db.select().from(roomSessions).where(inArray(roomSessions.roomId, roomIds)),
        db
          .select(printedCardSetColumns)
          .from(printedCardSets)
          .where(inArray(printedCardSets.roomId, roomIds)),
      ])
    : [[], [], []];
  const workshopList = workshopIds.map((wid) => ({
    id: wid,
    name: linked.find((w) => w.id === wid)?.name ?? null,
    linked: linked.some((w) => w.id === wid),
    sessions: workshopSessions
      .filter((s) => s.workshopId === wid)
      .map((s) => ({ ...s, content: items.filter((i) => i.sessionId === s.id) })),
  }));
  return { people, workshopList, used, orgRooms, roomSessionRows, cardSets, orgGames };
}

type OrgData = Awaited<ReturnType<typeof readOrgData>>;

const peopleCsv = (people: OrgData['people']) =>
  toCsv([
    ['id', 'firstName', 'lastName', 'email', 'username', 'role', 'guest', 'createdAt'],
    ...people.map((p) => [
      String(p.id),
      p.firstName,
      p.lastName,
      p.email ?? '',
      p.username ?? '',
      p.role,
      p.isGuest ? 'yes' : 'no',
      p.createdAt.toISOString(),
    ]),
  ]);

/** The stored files of the content (images, answer images, uploaded videos), by storage key. */
const contentFileKeys = (used: OrgData['used']) =>
  new Set(
    used
      .flatMap((c) => [c.image?.url, c.video?.url, ...(c.question?.answers.map((a) => a.url) ?? [])])
      .filter((u): u is string => typeof u === 'string' && u.startsWith(FILES_PREFIX))
      .map((url) => url.slice(FILES_PREFIX.length)),
  );

/** The zip's name: the organization's name in safe characters and today's date. */
function zipName(orgName: string, id: number): string {
  const day = new Date().toISOString().slice(0, 10);
  const safeName = orgName.replace(/[^A-Za-z0-9 _-]/g, '').replace(/\s+/g, '-') || `organization-${id}`;
  return `${safeName}-${day}.zip`;
}

/**
 * A player's names and username become an anonymous label, in the account and every game event;
 * the learning records about them still kept here (queued, or sent and kept for a week) go, so the
 * store is never sent their address or account after the erasure. Sessions end (the caller).
 */
async function anonymizePlayer(db: Db, userId: number): Promise<void> {
  const label = erasedUsername(userId);
  await db.transaction(async (tx) => {
    const [player] = await tx
      .select({ orgId: users.orgId, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (player) {
      const actor = sql`${xapiStatements.statement}->'actor'`;
      await tx
        .delete(xapiStatements)
        .where(
          and(
            eq(xapiStatements.orgId, player.orgId),
            player.email
              ? sql`(${actor}->'account'->>'name' = ${String(userId)} or ${actor}->>'mbox' = ${`mailto:${player.email}`})`
              : sql`${actor}->'account'->>'name' = ${String(userId)}`,
          ),
        );
    }
    await tx
      .update(users)
      .set({
        firstName: ERASED_PLAYER.firstName,
        lastName: ERASED_PLAYER.lastName,
        username: label,
        email: null,
      })
      .where(eq(users.id, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx
      .update(gameEvents)
      .set({ payload: sql`jsonb_set(${gameEvents.payload}, '{username}', to_jsonb(${label}::text))` })
      .where(
        sql`${gameEvents.payload} ? 'username' and ${gameEvents.payload}->>'userId' = ${String(userId)}`,
      );
  });
}

/** The zip's name and its stream (the caller sends it as the reply). */
async function exportZip(
  { db, storage, audit }: { db: Db; storage: Storage; audit: AuditService },
  actor: Actor,
  id: number,
): Promise<{ filename: string; stream: Readable }> {
  const org = await orgInScopeById(db, actor, id);
  const data = await readOrgData(db, id);
  const zip = new ZipFile();
  zip.addBuffer(json(org), 'organization.json');
  zip.addBuffer(Buffer.from(peopleCsv(data.people)), 'people.csv');
  zip.addBuffer(json(data.workshopList), 'workshops.json');
  zip.addBuffer(json({ content: data.used }), 'content.json');
  zip.addBuffer(
    json({ rooms: data.orgRooms, roomSessions: data.roomSessionRows, printedCardSets: data.cardSets }),
    'rooms.json',
  );
  zip.addBuffer(json(data.orgGames), 'games.json');
  zip.addReadStream(
    Readable.from(
      eventLines(
        db,
        data.orgGames.map((g) => g.id),
      ),
    ),
    'game-events.jsonl',
  );
  // The same answers as a table a spreadsheet opens (issue 42 item 7).
  zip.addReadStream(
    Readable.from(answerLines(db, data.orgGames, new Map(data.orgRooms.map((r) => [r.id, r.name])))),
    'answers.csv',
  );
  const auditActor = { userId: 0, role: actor.role, orgId: id, orgName: org.name, username: '' };
  zip.addReadStream(
    Readable.from(
      (async function* () {
        yield await audit.csv(auditActor, { orgId: id });
      })(),
    ),
    'audit-log.csv',
  );
  for (const key of contentFileKeys(data.used)) {
    const file = await storage.get(key).catch(() => null);
    if (file) zip.addReadStream(file.stream, `files/${key}`);
  }
  zip.end();
  return { filename: zipName(org.name, id), stream: zip.outputStream as Readable };
}

/**
 * An organization's data on request (issue 30 item 4): `exportZip` streams everything of it as one
 * zip (yazl: entries are written as they are read, the event log page by page); `erase` deletes the
 * organization with its people, rooms, games and logs; `erasePlayer` replaces a player's personal data
 * with an anonymous label, in their account and in every game event, so statistics stay.
 */
export function orgDataService(db: Db, storage: Storage, audit: AuditService, ends: SessionEnds) {
  const findOrg = (actor: Actor, id: number) => orgInScopeById(db, actor, id);

  return {
    /** The zip's name and its stream (the caller sends it as the reply). */
    exportZip: (actor: Actor, id: number) => exportZip({ db, storage, audit }, actor, id),

    /**
     * Deletes the organization with everything of it: its people (their sessions go with them), then
     * the organization, whose rooms, games, event logs, printed cards and workshop links cascade. The
     * organization holds no files of its own: content, its images and the materials are the product's.
     */
    async erase(actor: Actor, id: number, confirmName: string): Promise<{ message: string }> {
      const org = await findOrg(actor, id);
      if (confirmName.trim() !== org.name)
        throw new AppError('NAME_MISMATCH', 400, message('orgData.nameMismatch'), 'confirmName');
      if (actor.orgId === id) throw new AppError('OWN_ORGANIZATION', 409, message('orgData.ownOrganization'));
      // Its people's sessions end everywhere first (their rows outlive them, user set null).
      await ends.end(sql`${signInSessions.orgId} = ${id}`, 'deleted');
      await db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.orgId, id));
        await tx.delete(organizations).where(eq(organizations.id, id));
      });
      return { message: english('orgData.erased') };
    },

    /**
     * Erases a player's personal data: names and username become an anonymous label in the account
     * and in every game event that named them; their sessions end. Games, cards, answers and wins stay.
     */
    async erasePlayer(actor: Actor, userId: number): Promise<{ message: string; orgId: number }> {
      const [player] = await db
        .select({ id: users.id, orgId: users.orgId, role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), orgScope(actor, users.orgId)))
        .limit(1);
      if (!player || isStaffRole(player.role)) throw notFound();
      await anonymizePlayer(db, userId);
      await ends.end(sessionsOf.user(userId), 'erased');
      return { message: english('orgData.playerErased'), orgId: player.orgId };
    },
  };
}

export type OrgDataService = ReturnType<typeof orgDataService>;
