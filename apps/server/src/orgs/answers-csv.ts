import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { content, gameEvents, questions } from '../db/schema';
import { parseStoredEvent } from '../game/journal';
import { toCsv } from '../http/csv';

const EVENTS_PAGE = 2_000;

export const ANSWERS_CSV_HEADER = [
  'game',
  'room',
  'question',
  'player',
  'answer',
  'right or wrong',
  'time (ms)',
  'answered at',
  'final answer',
] as const;

/** The question a send asked: its options (as they were sent), the right one, when, the answers so far. */
interface Asked {
  contentId: number;
  text: string;
  options: Map<number, string>;
  correct: number;
  sentAt: number;
  answers: { userId: number; cells: string[] }[];
}

/** A send's answers as CSV lines, each player's last one marked final (the one Insights counts). */
function sendLines(asked: Asked | null | undefined): string {
  if (!asked || asked.answers.length === 0) return '';
  const last = new Map(asked.answers.map((a, i) => [a.userId, i]));
  return toCsv(asked.answers.map((a, i) => [...a.cells, last.get(a.userId) === i ? 'yes' : 'no']));
}

/** The text of a question by its content id, read once per export. */
function questionTexts(db: Db) {
  const texts = new Map<number, string>();
  return async (contentId: number) => {
    let text = texts.get(contentId);
    if (text === undefined) {
      const [row] = await db
        .select({ question: questions.question, title: content.title })
        .from(content)
        .leftJoin(questions, eq(questions.contentId, content.id))
        .where(eq(content.id, contentId))
        .limit(1);
      // Content deleted since the game: its id is what is left.
      text = row?.question ?? row?.title ?? `#${contentId}`;
      texts.set(contentId, text);
    }
    return text;
  };
}

/** The games' sends, answers and new rounds, in order, a page of EVENTS_PAGE at a time. */
async function* eventPages(db: Db, gameIds: number[]) {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(gameEvents)
      .where(
        and(
          inArray(gameEvents.gameId, gameIds),
          inArray(gameEvents.type, ['content_sent', 'question_answered', 'new_round']),
          gt(gameEvents.id, after),
        ),
      )
      .orderBy(asc(gameEvents.id))
      .limit(EVENTS_PAGE);
    yield page;
    if (page.length < EVENTS_PAGE) break;
    after = page[page.length - 1]!.id;
  }
}

type EventRow = typeof gameEvents.$inferSelect;
type Answered = Extract<ReturnType<typeof parseStoredEvent>, { type: 'question_answered' }>;

/** One answer's cells (all but `final answer`). */
const answerCells = (row: EventRow, event: Answered, asked: Asked, room: string): string[] => [
  String(row.gameId),
  room,
  asked.text,
  event.username,
  asked.options.get(event.choice) ?? `#${event.choice}`,
  event.choice === asked.correct ? 'right' : 'wrong',
  String(Math.max(0, Math.round(Date.parse(event.at) - asked.sentAt))),
  event.at,
];

/**
 * The organization's answers as a readable table (issue 42 item 7), read from the event log a page at
 * a time: one line per answer a player gave (a changed answer is a line of its own; the last one
 * counts, as in Insights: `final answer`), with the game, the room, the question, the player, the
 * option chosen, right or wrong, and the milliseconds from the question's send to the answer. Only
 * what the log and the content hold: usernames (erased players' labels), never an account's secret.
 */
export async function* answerLines(
  db: Db,
  gamesOf: readonly { id: number; roomId: number }[],
  roomNames: ReadonlyMap<number, string>,
): AsyncGenerator<string> {
  yield toCsv([ANSWERS_CSV_HEADER]);
  if (gamesOf.length === 0) return;
  const roomOf = new Map(gamesOf.map((g) => [g.id, roomNames.get(g.roomId) ?? `#${g.roomId}`]));
  const textOf = questionTexts(db);
  /** Per game, the question that takes answers now (the next send or round ends it, as in the game). */
  const asking = new Map<number, Asked | null>();
  for await (const page of eventPages(
    db,
    gamesOf.map((g) => g.id),
  )) {
    let out = '';
    for (const row of page) {
      const event = parseStoredEvent(row);
      if (event.type === 'question_answered') {
        const asked = asking.get(row.gameId);
        if (!asked || asked.contentId !== event.contentId) continue;
        asked.answers.push({
          userId: event.userId,
          cells: answerCells(row, event, asked, roomOf.get(row.gameId) ?? ''),
        });
        continue;
      }
      out += sendLines(asking.get(row.gameId));
      asking.set(
        row.gameId,
        event.type === 'content_sent' && event.question
          ? {
              contentId: event.contentId,
              text: await textOf(event.contentId),
              options: new Map(event.question.options.map((o) => [o.id, o.name])),
              correct: event.question.correct,
              sentAt: row.createdAt.getTime(),
              answers: [],
            }
          : null,
      );
    }
    if (out) yield out;
  }
  for (const asked of asking.values()) {
    const lines = sendLines(asked);
    if (lines) yield lines;
  }
}
