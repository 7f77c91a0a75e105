import { type SQL, sql } from 'drizzle-orm';
import { unnestColumns } from '../db/unnest';
import type { EventRow as LogEvent, ProjectorStore, Statement as StoredStatement } from './projector-store';
import { statementOf } from './projector-store';
import type { TouchedGame } from './write-projections';
import {
  type AnsweredQuestion,
  answered,
  attended,
  type GamePlace,
  type Learner,
  type Statement,
  won,
} from './xapi-statements';

/** The event types a statement is made of. */
const STATEMENT_TYPES = new Set(['player_joined', 'question_answered', 'bingo']);

const read = <T>(store: ProjectorStore, q: SQL) => store.read<T>(statementOf(q));

interface Connection {
  org_id: number;
  iri_base: string;
  identify_by_email: boolean;
}

/** The facts a batch's statements need besides its events: rooms, learners and questions. */
async function factsOf(store: ProjectorStore, roomIds: number[], userIds: number[], contentIds: number[]) {
  const [rooms, users, options] = await Promise.all([
    read<{ id: number; name: string; language: string; workshop_id: number; workshop_name: string }>(
      store,
      sql`select r.id, r.name, coalesce(r.language, o.language) as language, w.id as workshop_id,
            w.name as workshop_name
          from rooms r join organizations o on o.id = r.org_id join workshops w on w.id = r.workshop_id
          where r.id = any(${sql.param(roomIds)}::int[])`,
    ),
    read<{ id: number; email: string | null }>(
      store,
      sql`select id, email from users where id = any(${sql.param(userIds)}::int[])`,
    ),
    contentIds.length === 0
      ? Promise.resolve([])
      : read<{ content_id: number; question: string; option_id: number; option_name: string }>(
          store,
          sql`select q.content_id, q.question, a.id as option_id, a.name as option_name
              from questions q join answers a on a.question_id = q.id
              where q.content_id = any(${sql.param(contentIds)}::int[]) order by a.id`,
        ),
  ]);
  return {
    rooms: new Map(rooms.map((r) => [r.id, r])),
    emails: new Map(users.map((u) => [u.id, u.email])),
    questions: new Map(
      options.map((o) => [o.content_id, { title: o.question, names: new Map<number, string>() }]),
    ),
    options,
  };
}

type Facts = Awaited<ReturnType<typeof factsOf>>;

/** The question of an answer: the send it answers (the fold's right option and options) and its words. */
function questionOf(
  game: TouchedGame,
  facts: Facts,
  contentId: number,
  seq: number,
): AnsweredQuestion | null {
  const send = game.fold.sends.findLast((s) => s.contentId === contentId && s.seq < seq && s.question);
  if (!send?.question) return null;
  const words = facts.questions.get(contentId);
  return {
    contentId,
    title: words?.title ?? `Question ${contentId}`,
    options: send.question.options.map((id) => ({ id, name: words?.names.get(id) ?? String(id) })),
    correct: send.question.correct,
  };
}

function statementOfEvent(e: LogEvent, game: TouchedGame, place: GamePlace, facts: Facts): Statement | null {
  const p = e.payload as Record<string, unknown>;
  const userId = Number(p.userId);
  const learner: Learner = { userId, email: facts.emails.get(userId) ?? null };
  const at = new Date(e.at);
  if (e.type === 'player_joined') return attended(place, e.seq, learner, at);
  if (e.type === 'bingo') {
    const prize = typeof p.prize === 'number' ? p.prize : null;
    return won(place, e.seq, learner, { lines: (p.lines as string[]) ?? [], prize }, at);
  }
  const contentId = Number(p.contentId);
  const question = questionOf(game, facts, contentId, e.seq);
  if (!question) return null;
  const send = game.fold.sends.findLast((s) => s.contentId === contentId && s.seq < e.seq);
  const answeredAt = typeof p.at === 'string' ? Date.parse(p.at) : e.at;
  const afterMs = send ? answeredAt - send.sentAt : null;
  return answered(
    place,
    e.seq,
    learner,
    question,
    { choice: Number(p.choice), afterMs },
    new Date(answeredAt),
  );
}

/**
 * The statements of a projector batch's events, for the organizations that send them, as one insert
 * into the queue that commits with the batch (insights/projector.ts): a batch folded twice (another
 * instance, a retry) queues nothing twice, and an event is never left out. Reads only when an
 * organization of the batch sends statements; the game's own thread never waits for any of it.
 */
export async function xapiQueueWrites(
  store: ProjectorStore,
  touched: Map<number, TouchedGame>,
  events: LogEvent[],
): Promise<StoredStatement[]> {
  const relevant = events.filter((e) => STATEMENT_TYPES.has(e.type) && touched.has(e.game_id));
  if (relevant.length === 0) return [];
  const orgIds = [...new Set(relevant.map((e) => touched.get(e.game_id)!.orgId))];
  const connections = await read<Connection>(
    store,
    sql`select org_id, iri_base, identify_by_email from org_xapi
        where enabled and org_id = any(${sql.param(orgIds)}::int[])`,
  );
  if (connections.length === 0) return [];
  const byOrg = new Map(connections.map((c) => [c.org_id, c]));
  const sending = relevant.filter((e) => byOrg.has(touched.get(e.game_id)!.orgId));
  const payloadOf = (e: LogEvent) => e.payload as { userId?: number; contentId?: number };
  const facts = await factsOf(
    store,
    [...new Set(sending.map((e) => touched.get(e.game_id)!.roomId))],
    [...new Set(sending.map((e) => Number(payloadOf(e).userId)))],
    [
      ...new Set(
        sending.filter((e) => e.type === 'question_answered').map((e) => Number(payloadOf(e).contentId)),
      ),
    ],
  );
  for (const o of facts.options) facts.questions.get(o.content_id)?.names.set(o.option_id, o.option_name);
  const rows: { orgId: number; statement: Statement }[] = [];
  for (const e of sending) {
    const game = touched.get(e.game_id)!;
    const connection = byOrg.get(game.orgId)!;
    const room = facts.rooms.get(game.roomId);
    if (!room) continue;
    const place: GamePlace = {
      base: connection.iri_base,
      identifyByEmail: connection.identify_by_email,
      gameId: game.gameId,
      roomId: room.id,
      roomName: room.name,
      workshopId: room.workshop_id,
      workshopName: room.workshop_name,
      language: room.language,
    };
    const statement = statementOfEvent(e, game, place, facts);
    if (statement) rows.push({ orgId: game.orgId, statement });
  }
  return rows.length === 0 ? [] : [statementOf(queueInsert(rows))];
}

/** Statements into the queue; one already there (the same id) stays as it is. */
export function queueInsert(rows: { orgId: number; statement: Statement }[]): SQL {
  const values = unnestColumns(rows, [
    ['int', (r) => r.orgId],
    ['text', (r) => r.statement.id],
    ['jsonb', (r) => JSON.stringify(r.statement)],
  ]);
  return sql`insert into xapi_statements (org_id, statement_id, statement)
    select org_id, statement_id::uuid, statement from ${values} as v(org_id, statement_id, statement)
    on conflict (org_id, statement_id) do nothing`;
}
