import {
  ANY_LINE,
  BINGO_LETTERS,
  type BingoCard,
  ballLabel,
  FREE_CELL,
  isBall,
  POINTS,
  WIN_PATTERN_NAMES,
  type WinPattern,
} from '@playshop/shared';
import type { GameEvent } from '../game/engine';
import { toCsv } from '../http/csv';

/**
 * The game report a facilitator hands on, built from a room's stored game events
 * alone: pure, no database or clock. It reads these event types and fields (the rest of the log is
 * internal state and only appears in the raw log):
 * - `player_joined`: userId, username, card (the player's card until a `new_round` deals another)
 * - `new_round`: cards (userId → card; a new round of the same game)
 * - `ball_rolled`: number
 * - `content_sent`: contentId, contentType, question (options and correct answer, for a question)
 * - `question_answered`: contentId, userId, username, choice, at (a player's last answer counts)
 * - `answer_revealed`: contentId (its correct answers score)
 * - `bingo`: userId, username, lines, at
 * - `player_removed`: userId (out of the round's points)
 * - `game_started`, `game_ended`: their time only
 * and of every stored event its game id, sequence number, time and actor.
 */

export interface LoggedEvent {
  gameId: number;
  seq: number;
  at: Date;
  /** Who sent the command (username or email), if known. */
  by: string | null;
  event: GameEvent;
}

interface ReportLookups {
  roomName: string;
  orgName: string;
  workshopName: string;
  /** The title of a content item by id; undefined for one deleted since. */
  contentTitle: (contentId: number) => string | undefined;
  /** A question's own text by its content id (the report's Question column); else its title. */
  questionText?: (contentId: number) => string | undefined;
  generatedAt: Date;
}

interface PlayerLine {
  username: string;
  /** When the player first joined this game. */
  joinedAt: Date;
  card: BingoCard;
  bingoAt: Date | null;
}

interface AnswerLine {
  username: string;
  /** The option's text ('Answer 2 (image)' for an image without text). */
  answer: string;
  at: Date;
  correct: boolean;
  /** How many times the player changed their answer before it was closed. */
  changes: number;
}

interface QuestionReport {
  title: string;
  sentAt: Date;
  correctAnswer: string;
  revealed: boolean;
  answers: AnswerLine[];
}

interface PointsLine {
  username: string;
  correctAnswers: number;
  wins: number;
  points: number;
}

interface RoundReport {
  gameId: number;
  /** 1 for the room's first game, in order. */
  gameNumber: number;
  /** 1 for a game's first round, +1 for each 'Start New Game'. */
  round: number;
  startedAt: Date | null;
  endedAt: Date | null;
  /** When Start New Game replaced this round with the next one (its game went on). */
  replacedAt: Date | null;
  players: PlayerLine[];
  balls: { number: number; at: Date }[];
  content: { title: string; contentType: string; at: Date }[];
  /** Each win in order, with the pattern it was for (the round's prize). */
  winners: { username: string; pattern: string; lines: string[]; at: Date }[];
  questions: QuestionReport[];
  /** 1 per correct answer to a revealed question, 5 per bingo win (as the live points table). */
  points: PointsLine[];
}

/** A question as it was sent, with the answers as they came. */
interface AskedQuestion {
  contentId: number;
  report: QuestionReport;
  options: { id: number; name: string }[];
  correct: number;
  answers: Map<number, { username: string; choice: number; at: Date; changes: number }>;
}

const optionText = (options: { id: number; name: string }[], id: number): string => {
  const i = options.findIndex((o) => o.id === id);
  if (i < 0) return `Answer id ${id}`;
  return options[i]!.name || `Answer ${i + 1} (image)`;
};

/** Parses a stored `at` (a bingo, an answer), falling back to the row's time. */
function bingoTime(at: string, fallback: Date): Date {
  const parsed = new Date(at);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

/** What the report keeps while it reads one game's events: the round being read and its players. */
interface Reading {
  rounds: RoundReport[];
  gameId: number | null;
  gameNumber: number;
  current: RoundReport | null;
  joined: Map<number, { username: string; at: Date }>;
  cards: Map<number, BingoCard>;
  bingos: Map<number, Date>;
  // The round's prizes in order: any line until the facilitator picks others.
  prizes: WinPattern[];
  asked: AskedQuestion[];
  wins: Map<number, { username: string; wins: number }>;
  removed: Set<number>;
}

/** The round's questions with their answers, its points table and its players, once its events are read. */
function closeRound(r: Reading): void {
  const current = r.current;
  if (!current) return;
  const points = new Map<number, PointsLine>();
  const line = (userId: number, username: string) => {
    const found = points.get(userId) ?? { username, correctAnswers: 0, wins: 0, points: 0 };
    points.set(userId, found);
    return found;
  };
  for (const q of r.asked) {
    q.report.answers = [...q.answers.values()]
      .map((a) => ({
        username: a.username,
        answer: optionText(q.options, a.choice),
        at: a.at,
        correct: a.choice === q.correct,
        changes: a.changes,
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.username.localeCompare(b.username));
    if (!q.report.revealed) continue;
    for (const [userId, a] of q.answers)
      if (a.choice === q.correct) line(userId, a.username).correctAnswers += 1;
  }
  for (const [userId, w] of r.wins) line(userId, w.username).wins += w.wins;
  // Everyone who played the round is in its table, with 0 points if that is what they scored.
  for (const userId of r.cards.keys()) line(userId, r.joined.get(userId)?.username ?? String(userId));
  for (const userId of r.removed) points.delete(userId);
  current.questions = r.asked.map((q) => q.report);
  current.points = [...points.values()]
    .map((p) => ({ ...p, points: p.correctAnswers * POINTS.correctAnswer + p.wins * POINTS.bingoWin }))
    .sort((a, b) => b.points - a.points || a.username.localeCompare(b.username));
  current.players = [...r.cards.entries()]
    .map(([userId, card]) => ({
      username: r.joined.get(userId)?.username ?? String(userId),
      joinedAt: r.joined.get(userId)?.at ?? current.startedAt ?? new Date(0),
      card,
      bingoAt: r.bingos.get(userId) ?? null,
    }))
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.username.localeCompare(b.username));
}

function openRound(r: Reading, round: number, at: Date | null): RoundReport {
  const current: RoundReport = {
    gameId: r.gameId!,
    gameNumber: r.gameNumber,
    round,
    startedAt: at,
    endedAt: null,
    replacedAt: null,
    players: [],
    balls: [],
    content: [],
    winners: [],
    questions: [],
    points: [],
  };
  r.current = current;
  r.rounds.push(current);
  r.bingos = new Map();
  r.prizes = [ANY_LINE];
  r.asked = [];
  r.wins = new Map();
  r.removed = new Set();
  return current;
}

type Lookups = Pick<ReportLookups, 'contentTitle' | 'questionText'>;

/** A question as it was sent, waiting for its answers. */
function askedQuestion(
  contentId: number,
  question: { options: { id: number; name: string }[]; correct: number },
  at: Date,
  lookups: Lookups,
): AskedQuestion {
  const { options, correct } = question;
  return {
    contentId,
    options,
    correct,
    answers: new Map(),
    report: {
      title:
        lookups.questionText?.(contentId) ??
        lookups.contentTitle(contentId) ??
        `Deleted content (id ${contentId})`,
      sentAt: at,
      correctAnswer: optionText(options, correct),
      revealed: false,
      answers: [],
    },
  };
}

/** One event read into the round it belongs to. */
function readEvent(r: Reading, event: LoggedEvent['event'], at: Date, lookups: Lookups): void {
  const round = r.current!;
  switch (event.type) {
    case 'game_started':
      round.startedAt ??= at;
      break;
    case 'player_joined':
      if (!r.joined.has(event.userId)) r.joined.set(event.userId, { username: event.username, at });
      r.cards.set(event.userId, event.card);
      break;
    case 'new_round':
      round.replacedAt = at;
      closeRound(r);
      r.cards = new Map(Object.entries(event.cards).map(([userId, card]) => [Number(userId), card]));
      openRound(r, round.round + 1, at);
      break;
    case 'ball_rolled':
      round.balls.push({ number: event.number, at });
      break;
    case 'content_sent':
      round.content.push({
        title: lookups.contentTitle(event.contentId) ?? `Deleted content (id ${event.contentId})`,
        contentType: event.contentType,
        at,
      });
      if (event.question) r.asked.push(askedQuestion(event.contentId, event.question, at, lookups));
      break;
    case 'question_answered': {
      const q = r.asked.findLast((x) => x.contentId === event.contentId);
      if (!q) break;
      const previous = q.answers.get(event.userId);
      q.answers.set(event.userId, {
        username: event.username,
        choice: event.choice,
        at: bingoTime(event.at, at),
        changes: previous ? previous.changes + 1 : 0,
      });
      break;
    }
    case 'answer_revealed': {
      const q = r.asked.findLast((x) => x.contentId === event.contentId);
      if (q) q.report.revealed = true;
      break;
    }
    case 'player_removed':
      r.removed.add(event.userId);
      break;
    case 'prizes_set':
      r.prizes = event.prizes.length > 0 ? event.prizes : [ANY_LINE];
      break;
    case 'bingo': {
      const wonAt = bingoTime(event.at, at);
      r.bingos.set(event.userId, wonAt);
      const pattern = r.prizes[event.prize ?? 0] ?? ANY_LINE;
      round.winners.push({
        username: event.username,
        pattern: WIN_PATTERN_NAMES[pattern.kind],
        lines: event.lines,
        at: wonAt,
      });
      const w = r.wins.get(event.userId) ?? { username: event.username, wins: 0 };
      w.wins += 1;
      r.wins.set(event.userId, w);
      break;
    }
    case 'game_ended':
      round.endedAt = at;
      break;
    default:
      break;
  }
}

/** Rounds in order (games by id, rounds within a game), from events ordered by game and seq. */
export function gameRounds(events: readonly LoggedEvent[], lookups: Lookups) {
  const r: Reading = {
    rounds: [],
    gameId: null,
    gameNumber: 0,
    current: null,
    joined: new Map(),
    cards: new Map(),
    bingos: new Map(),
    prizes: [ANY_LINE],
    asked: [],
    wins: new Map(),
    removed: new Set(),
  };
  for (const { gameId: id, at, event } of events) {
    if (id !== r.gameId) {
      closeRound(r);
      r.gameId = id;
      r.gameNumber += 1;
      r.joined = new Map();
      r.cards = new Map();
      openRound(r, 1, null);
    }
    readEvent(r, event, at, lookups);
  }
  closeRound(r);
  // A game opened and closed with nobody playing tells the reader nothing; the games left are
  // numbered in order, so 'Game 2' always means the second game in 'Games played'.
  const kept = r.rounds.filter((x) => x.players.length > 0 || x.balls.length > 0 || x.content.length > 0);
  const numbers = new Map([...new Set(kept.map((x) => x.gameId))].map((id, i) => [id, i + 1]));
  for (const x of kept) x.gameNumber = numbers.get(x.gameId)!;
  return kept;
}

/** 'B: 3 7 11 12 15 | I: … | N: 31 33 FREE 40 44 | …': the card by column, as it is read aloud. */
export function cardText(card: BingoCard): string {
  return BINGO_LETTERS.map(
    (letter, c) =>
      `${letter}: ${card.map((row) => (row[c] === FREE_CELL ? 'FREE' : String(row[c]))).join(' ')}`,
  ).join(' | ');
}

/** '2026-11-23 20:51:07 UTC': readable in a spreadsheet, unambiguous across time zones. */
function reportTime(at: Date | null): string {
  return at ? `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '';
}

const lineNames: Record<string, string> = {
  'diag-down': 'diagonal ↘',
  'diag-up': 'diagonal ↗',
};
/** 'row-0' → 'row 1', 'col-4' → 'column O'; a pattern won whole ('four_corners') by its name. */
export function lineName(id: string): string {
  if (Object.hasOwn(WIN_PATTERN_NAMES, id)) return WIN_PATTERN_NAMES[id as keyof typeof WIN_PATTERN_NAMES];
  const [kind, index] = id.split('-');
  if (kind === 'row' && index !== undefined) return `row ${Number(index) + 1}`;
  if (kind === 'col' && index !== undefined) return `column ${BINGO_LETTERS[Number(index)] ?? index}`;
  return lineNames[id] ?? id;
}

/** 'B 7'; a number that is no ball (never written by the engine) as it is. */
const ballText = (n: number): string => (isBall(n) ? ballLabel(n) : String(n));

/** A round's questions: one line each, then every player's answer. */
function questionLines(r: ReturnType<typeof gameRounds>[number]): string[][] {
  return [
    [],
    [`Questions (${r.questions.length})`],
    ['Sent', 'Question', 'Correct answer', 'Revealed', 'Answers'],
    ...r.questions.map((q) => [
      reportTime(q.sentAt),
      q.title,
      q.correctAnswer,
      q.revealed ? 'Yes' : 'No',
      String(q.answers.length),
    ]),
    [],
    ['Answers'],
    ['Question', 'Player', 'Answer', 'Answered at', 'Right or wrong', 'Changes'],
    ...r.questions.flatMap((q) =>
      q.answers.map((a) => [
        q.title,
        a.username,
        a.answer,
        reportTime(a.at),
        a.correct ? 'Right' : 'Wrong',
        String(a.changes),
      ]),
    ),
  ];
}

/**
 * The report as CSV, one block per round: the round's time span, a summary per player (joined,
 * card, bingo and when), the balls in the order drawn, the content sent by title with its time, and
 * the winners. Blank lines separate the blocks so it reads as a document in any spreadsheet.
 */
export function gameReportCsv(events: readonly LoggedEvent[], lookups: ReportLookups): string {
  const rounds = gameRounds(events, lookups);
  const lines: string[][] = [
    ['Game report'],
    ['Room', lookups.roomName],
    ['Organization', lookups.orgName],
    ['Workshop', lookups.workshopName],
    ['Generated', reportTime(lookups.generatedAt)],
    ['Games played', String(new Set(rounds.map((r) => r.gameId)).size)],
  ];
  if (rounds.length === 0) lines.push([], ['No game has been played in this room yet.']);
  for (const r of rounds) {
    lines.push(
      [],
      [
        `Game ${r.gameNumber}, round ${r.round}`,
        `Started ${reportTime(r.startedAt) || 'not started'}`,
        r.replacedAt
          ? `Replaced by Start New Game ${reportTime(r.replacedAt)}`
          : r.endedAt
            ? `Ended ${reportTime(r.endedAt)}`
            : 'Not ended',
      ],
      [],
      [`Players (${r.players.length})`],
      ['Player', 'Joined', 'Bingo', 'Bingo at', 'Card'],
      ...r.players.map((p) => [
        p.username,
        reportTime(p.joinedAt),
        p.bingoAt ? 'Yes' : 'No',
        reportTime(p.bingoAt),
        cardText(p.card),
      ]),
      [],
      [`Balls in order (${r.balls.length})`],
      ['#', 'Ball', 'Time'],
      ...r.balls.map((b, i) => [String(i + 1), ballText(b.number), reportTime(b.at)]),
      [],
      [`Content sent (${r.content.length})`],
      ['Time', 'Title', 'Type'],
      ...r.content.map((c) => [reportTime(c.at), c.title, c.contentType]),
      [],
      [`Winners (${r.winners.length})`],
      ['Player', 'Time', 'Pattern', 'Lines'],
      ...r.winners.map((w) => [w.username, reportTime(w.at), w.pattern, w.lines.map(lineName).join(', ')]),
    );
    if (r.questions.length > 0) lines.push(...questionLines(r));
    if (r.points.length > 0) {
      lines.push(
        [],
        [`Points (${POINTS.correctAnswer} per correct answer revealed and ${POINTS.bingoWin} per bingo win)`],
        ['Player', 'Correct answers', 'Bingo wins', 'Points'],
        ...r.points.map((p) => [p.username, String(p.correctAnswers), String(p.wins), String(p.points)]),
      );
    }
  }
  return toCsv(lines);
}

/** The raw log: every stored event, one line each, for whoever needs to check the report. */
export function eventLogCsv(
  events: readonly LoggedEvent[],
  lookups: Pick<ReportLookups, 'contentTitle'>,
): string {
  const lines = [['game', 'seq', 'time', 'event', 'by', 'detail']];
  for (const e of events)
    lines.push([
      String(e.gameId),
      String(e.seq),
      e.at.toISOString(),
      e.event.type,
      e.by ?? '',
      describe(e.event, lookups),
    ]);
  return toCsv(lines);
}

/** The detail column of the raw log. */
function describe(event: GameEvent, lookups: Pick<ReportLookups, 'contentTitle'>): string {
  switch (event.type) {
    case 'ball_rolled':
      return ballText(event.number);
    case 'player_joined':
      return `${event.username} joined`;
    case 'bingo':
      return `${event.username} won (${(event.lines ?? []).map(lineName).join(', ')})`;
    case 'content_sent':
      return `${lookups.contentTitle(event.contentId) ?? `Deleted content (id ${event.contentId})`} (${event.contentType})`;
    case 'timer_set':
      return `${event.seconds} s`;
    case 'state_set':
      return String(event.state);
    case 'question_answered':
      return `${event.username} answered ${lookups.contentTitle(event.contentId) ?? `content ${event.contentId}`} (answer id ${event.choice})`;
    case 'points_table_set':
      return event.shown ? 'shown' : 'hidden';
    case 'prizes_set':
      return event.prizes.map((p) => WIN_PATTERN_NAMES[p.kind]).join(', ');
    default:
      return '';
  }
}
