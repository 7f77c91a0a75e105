import type { GameEvent } from '../game/engine';

/**
 * One game's Insights, folded from its events in log order. Pure and JSON-safe: the projector keeps
 * it in `insights_games.state` and resumes from it with the next events, then writes the summary
 * rows from it (rows.ts). Only what a figure needs is kept.
 */
export interface GameFold {
  facilitatorId: number | null;
  started: boolean;
  endedAt: number | null;
  round: number;
  /** Balls called in this round. */
  balls: number;
  /** Pattern kind of each prize of the round (default: any line). */
  prizes: string[];
  /** Prizes already won this round: the next win of one is not a first win. */
  wonPrizes: number[];
  sessionId: number | null;
  /** The send whose question takes answers now (the engine folds answers into the current question only). */
  questionSeq: number | null;
  /** userId → when joined (ms) and whether in the room now. */
  players: Record<string, { joinedAt: number; present: boolean }>;
  sends: SendFold[];
  wins: WinFold[];
}

export interface SendFold {
  seq: number;
  contentId: number;
  contentType: string;
  sessionId: number | null;
  sentAt: number;
  present: number;
  /**
   * A question's right option and each player's last answer: [choice, ms from the send, to the
   * microsecond]; who was present when it was sent while it takes answers (`waiting`), then how many
   * of them never answered (`unanswered`).
   */
  question: {
    correct: number;
    options: number[];
    answers: Record<string, [number, number]>;
    waiting?: number[];
    unanswered?: number;
  } | null;
}

export interface WinFold {
  seq: number;
  round: number;
  prize: number;
  pattern: string;
  balls: number;
  userId: number;
  first: boolean;
}

export const newGameFold = (): GameFold => ({
  facilitatorId: null,
  started: false,
  endedAt: null,
  round: 1,
  balls: 0,
  prizes: ['any_line'],
  wonPrizes: [],
  sessionId: null,
  questionSeq: null,
  players: {},
  sends: [],
  wins: [],
});

/** The event types a figure reads; the rest (card marks, timers, …) are read for their id only. */
export const FOLDED_TYPES = [
  'lobby_opened',
  'game_started',
  'player_joined',
  'player_returned',
  'player_left',
  'player_removed',
  'ball_rolled',
  'session_advanced',
  'content_sent',
  'question_answered',
  'prizes_set',
  'bingo',
  'new_round',
  'game_ended',
] as const satisfies readonly GameEvent['type'][];

/**
 * Who is in the room: the event's own list where it carries one (sends and the end, since presence
 * itself is never stored), else the players folded as present (older logs).
 */
function presentAt(fold: GameFold, listed: number[] | undefined): number[] {
  if (listed) {
    const inRoom = new Set(listed);
    for (const [userId, player] of Object.entries(fold.players)) player.present = inRoom.has(Number(userId));
  }
  return Object.entries(fold.players)
    .filter(([, p]) => p.present)
    .map(([userId]) => Number(userId));
}

/** Players present at a question's send who did not answer it. */
export const unansweredOf = (question: NonNullable<SendFold['question']>) =>
  question.waiting?.filter((userId) => !(userId in question.answers)).length ?? question.unanswered ?? 0;

/** The current question takes no more answers: its `waiting` list becomes a count. */
function closeQuestion(fold: GameFold) {
  const question = fold.sends.find((s) => s.seq === fold.questionSeq)?.question;
  if (question?.waiting) {
    question.unanswered = unansweredOf(question);
    delete question.waiting;
  }
  fold.questionSeq = null;
}

/** A duration in ms kept to the microsecond, the log's own resolution (timestamptz). */
export const toMicros = (ms: number) => Math.round(ms * 1000) / 1000;

/** One stored event: its place in the game, time, who sent it. */
export interface LogEntry {
  seq: number;
  at: number;
  actorUserId: number | null;
  event: GameEvent;
}

type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

function foldSend(fold: GameFold, seq: number, at: number, event: EventOf<'content_sent'>) {
  closeQuestion(fold);
  const present = presentAt(fold, event.present);
  fold.sends.push({
    seq,
    contentId: event.contentId,
    contentType: event.contentType,
    // The session the engine sent it from; older logs: the last session_advanced.
    sessionId: event.sessionId ?? fold.sessionId,
    sentAt: at,
    present: present.length,
    question: event.question
      ? {
          correct: event.question.correct,
          options: event.question.options.map((o) => o.id),
          answers: {},
          waiting: present,
        }
      : null,
  });
  if (event.question) fold.questionSeq = seq;
}

function foldBingo(fold: GameFold, seq: number, event: EventOf<'bingo'>) {
  const prize = event.prize ?? 0;
  const first = !fold.wonPrizes.includes(prize);
  if (first) fold.wonPrizes.push(prize);
  fold.wins.push({
    seq,
    round: fold.round,
    prize,
    pattern: fold.prizes[prize] ?? 'any_line',
    balls: fold.balls,
    userId: event.userId,
    first,
  });
}

/** The fold after one more event, changed in place (events are facts: nothing is refused). */
export function foldInsights(fold: GameFold, { seq, at, actorUserId, event }: LogEntry): GameFold {
  const setPresent = (userId: number, present: boolean) => {
    const player = fold.players[userId];
    if (player) player.present = present;
  };
  switch (event.type) {
    case 'lobby_opened':
      fold.facilitatorId ??= actorUserId;
      break;
    case 'game_started':
      fold.started = true;
      fold.facilitatorId ??= actorUserId;
      break;
    case 'player_joined':
      fold.players[event.userId] = { joinedAt: fold.players[event.userId]?.joinedAt ?? at, present: true };
      break;
    case 'player_returned':
      setPresent(event.userId, true);
      break;
    case 'player_left':
    case 'player_removed':
      setPresent(event.userId, false);
      break;
    case 'ball_rolled':
      fold.balls += 1;
      break;
    case 'session_advanced':
      fold.sessionId = event.sessionId;
      break;
    case 'content_sent':
      foldSend(fold, seq, at, event);
      break;
    case 'question_answered': {
      const send = fold.sends.find((s) => s.seq === fold.questionSeq);
      if (!send?.question || send.contentId !== event.contentId) break;
      send.question.answers[event.userId] = [
        event.choice,
        toMicros(Math.max(0, Date.parse(event.at) - send.sentAt)),
      ];
      break;
    }
    case 'prizes_set':
      fold.prizes = event.prizes.map((p) => p.kind);
      fold.wonPrizes = [];
      break;
    case 'bingo':
      foldBingo(fold, seq, event);
      break;
    case 'new_round':
      // Players not dealt a card sit the round out until they return.
      for (const [userId, player] of Object.entries(fold.players)) {
        if (!(userId in event.cards)) player.present = false;
      }
      closeQuestion(fold);
      Object.assign(fold, { round: fold.round + 1, balls: 0, wonPrizes: [] });
      break;
    case 'game_ended':
      fold.endedAt = at;
      presentAt(fold, event.present);
      break;
    default:
      break;
  }
  return fold;
}

/** The per-player figures of a fold: answers and right answers (last answer counts), bingos. */
export function playerTallies(fold: GameFold) {
  const tally = new Map<number, { answers: number; right: number; bingos: number }>();
  const of = (userId: number) => {
    let t = tally.get(userId);
    if (!t) {
      t = { answers: 0, right: 0, bingos: 0 };
      tally.set(userId, t);
    }
    return t;
  };
  for (const send of fold.sends) {
    if (!send.question) continue;
    for (const [userId, [choice]] of Object.entries(send.question.answers)) {
      const t = of(Number(userId));
      t.answers += 1;
      if (choice === send.question.correct) t.right += 1;
    }
  }
  for (const win of fold.wins) of(win.userId).bingos += 1;
  return tally;
}
