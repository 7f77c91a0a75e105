import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { content, gameEvents, games, organizations, questions, rooms, users, workshops } from '../db/schema';
import { parseStoredEvent } from '../game/journal';
import { type Actor, roomInScope } from '../http/actor';
import { eventLogCsv, gameReportCsv, type LoggedEvent } from './game-report';

/**
 * The room's game report as CSV (rooms/game-report.ts): per round the players with their card and
 * bingo, the balls in order, the content sent by title, the winners. `log` gives the raw event log.
 */
export async function roomReport(
  db: Db,
  actor: Actor,
  roomId: number,
  kind: 'report' | 'log' = 'report',
): Promise<{ filename: string; csv: string }> {
  const room = await roomInScope(db, actor, roomId);
  const rows = await db
    .select({
      gameId: games.id,
      seq: gameEvents.seq,
      at: gameEvents.createdAt,
      type: gameEvents.type,
      payload: gameEvents.payload,
      by: sql<string | null>`coalesce(${users.username}, ${users.email})`,
    })
    .from(gameEvents)
    .innerJoin(games, eq(games.id, gameEvents.gameId))
    .leftJoin(users, eq(users.id, gameEvents.actorUserId))
    .where(and(eq(games.roomId, room.id), gt(gameEvents.seq, 0)))
    .orderBy(asc(games.id), asc(gameEvents.seq));
  const events: LoggedEvent[] = rows.map((r) => ({
    gameId: r.gameId,
    seq: r.seq,
    at: r.at,
    by: r.by,
    event: parseStoredEvent(r),
  }));
  const contentIds = [
    ...new Set(events.flatMap((e) => (e.event.type === 'content_sent' ? [e.event.contentId] : []))),
  ].filter(Number.isInteger);
  // Each item's title, and a question's own words for the report's Question column (the title names
  // it in the library).
  const sent = new Map(
    contentIds.length
      ? (
          await db
            .select({ id: content.id, title: content.title, text: questions.question })
            .from(content)
            .leftJoin(questions, eq(questions.contentId, content.id))
            .where(inArray(content.id, contentIds))
        ).map((c) => [c.id, c])
      : [],
  );
  const contentTitle = (id: number) => sent.get(id)?.title;
  const questionText = (id: number) => sent.get(id)?.text || undefined;
  const safeName = room.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'room';
  if (kind === 'log')
    return { filename: `${safeName}-event-log.csv`, csv: eventLogCsv(events, { contentTitle }) };
  const [names] = await db
    .select({ orgName: organizations.name, workshopName: workshops.name })
    .from(rooms)
    .innerJoin(organizations, eq(organizations.id, rooms.orgId))
    .innerJoin(workshops, eq(workshops.id, rooms.workshopId))
    .where(eq(rooms.id, room.id));
  const csv = gameReportCsv(events, {
    roomName: room.name,
    orgName: names?.orgName ?? '',
    workshopName: names?.workshopName ?? '',
    contentTitle,
    questionText,
    generatedAt: new Date(),
  });
  return { filename: `${safeName}-report.csv`, csv };
}
