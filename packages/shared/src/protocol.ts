import { z } from 'zod/mini';
import { WIN_PATTERN_KINDS, ZWinPattern } from './bingo';
import { ZAnswerReply, ZContentReply, ZQuestionReply } from './content';
import { zCount, zId, zIdParam, zLine } from './input';
import { ZLanguage } from './languages';
import { ZMessageKeyFields } from './messages';
import { ZRoomBranding } from './room-branding';

/**
 * The live game's WebSocket protocol (SPEC §7 Websocket, §4 incoming messages). Frames are JSON
 * `{type, payload}`; server frames also carry `seq`, the game's event sequence number, so a client
 * that reconnects can say what it saw last. docs/protocol.md describes every message.
 */
export const PROTOCOL_VERSION = 6;
export const WS_PATH = '/ws';
/** Frames larger than this are refused and the socket closed (1009). */
export const WS_MAX_FRAME_BYTES = 16 * 1024;
export const WS_IDLE_CLOSE_MS = 60 * 60 * 1000;
export const WS_RECONNECT = { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 32_000 } as const;

/** SPEC §9: after a roll the room shows the ball for 12 s (1 s when the animation is hidden), then the board. */
export const ROLL_ANIMATION_MS = 12_000;
export const ROLL_HIDDEN_MS = 1_000;

/** A round awards at most this many prizes, in order. */
export const MAX_PRIZES = 4;
/** Auto-call rolls every 10 to 60 seconds. */
export const AUTO_CALL_SECONDS = { min: 10, max: 60 } as const;

/** Points of the round's points table: per correct answer (counted on reveal) and per bingo win. */
export const POINTS = { correctAnswer: 1, bingoWin: 5 } as const;
/** The points table lists at most this many players, best first: a frame every screen can take. */
export const POINTS_TABLE_LIMIT = 50;

export const GAME_STATE_NAMES = [
  'lobby',
  'bingo',
  'roll',
  'content',
  'game_over',
  'announce_winner',
] as const;
export type GameStateName = (typeof GAME_STATE_NAMES)[number];
/** The states staff may ask for with `game_state`; the others follow from what happens in the game. */
export const STAFF_GAME_STATES = ['bingo', 'announce_winner'] as const;

const roomId = zId();
/** An action that names only its room. */
const roomAction = <A extends string>(action: A) => z.strictObject({ action: z.literal(action), roomId });
/** A client frame type whose payload is one of its actions, told apart by `action`. */
const actionsOf = <
  T extends string,
  const Actions extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]],
>(
  type: T,
  actions: Actions,
) => z.strictObject({ type: z.literal(type), payload: z.discriminatedUnion('action', actions) });

const ZRoomEvent = actionsOf('room_event', [
  roomAction('open_lobby'),
  roomAction('close_lobby'),
  roomAction('join_room'),
  roomAction('leave_room'),
  /** After a reconnect: the last `seq` this client saw; the server replies with what it missed. */
  z.strictObject({ action: z.literal('reconnect'), roomId, lastSeq: zCount() }),
]);

const ZGameEvent = actionsOf('game_event', [
  roomAction('start_game'),
  roomAction('start_new_game'),
  roomAction('get_roll'),
  z.strictObject({ action: z.literal('game_state'), roomId, gameState: z.enum(GAME_STATE_NAMES) }),
  /** 'End Game'. */
  roomAction('game_over'),
  /** A bingo claim. The server checks the stored card and rolls; anything else sent is ignored. */
  z.strictObject({
    action: z.literal('check_win'),
    roomId,
    username: z.optional(zLine().check(z.maxLength(200))),
    bingoCard: z.optional(z.unknown()),
    rolls: z.optional(z.unknown()),
  }),
  z.strictObject({ action: z.literal('hide_roll_animation'), roomId, hidden: z.boolean() }),
  /** The round's prizes in order (any line, then full house, …): before the round's first ball. */
  z.strictObject({
    action: z.literal('set_prizes'),
    roomId,
    prizes: z.array(ZWinPattern).check(z.minLength(1), z.maxLength(MAX_PRIZES)),
  }),
  /** Auto-call: the server rolls every `seconds` (10–60) until paused or a bingo; null turns it off. */
  z.strictObject({
    action: z.literal('set_auto_call'),
    roomId,
    seconds: z.nullable(
      z.number().check(z.int(), z.gte(AUTO_CALL_SECONDS.min), z.lte(AUTO_CALL_SECONDS.max)),
    ),
  }),
  roomAction('pause_auto_call'),
  /** The facilitator removes a player from the room: their sockets close and their card is dropped. */
  z.strictObject({
    action: z.literal('remove_player'),
    roomId,
    username: zLine().check(z.minLength(1), z.maxLength(200)),
  }),
  roomAction('resume_auto_call'),
  /** Shows the round's points table on every screen, or on staff's only. */
  z.strictObject({ action: z.literal('set_points_table'), roomId, shown: z.boolean() }),
  /** A player marks or clears a number on their own card; kept by the server across reloads. */
  z.strictObject({
    action: z.literal('mark'),
    roomId,
    number: z.number().check(z.int(), z.gte(1), z.lte(75)),
    marked: z.boolean(),
  }),
]);

const ZContentEvent = actionsOf('content_event', [
  /** The head of the room's content queue; the server moves the room on when a session runs out. */
  roomAction('send_next_content'),
  /** One item of the queue, by id: it must be in the queue of the room's current session. */
  z.strictObject({
    action: z.literal('send_content'),
    roomId,
    contentId: zIdParam(),
    contentType: z.enum(['VIDEO', 'IMAGE', 'QUESTION', 'OTHER']),
  }),
  /** A player's answer to the question on screen: one per player, changeable until it is closed. */
  z.strictObject({ action: z.literal('answer_question'), roomId, contentId: zId(), choice: zId() }),
  /** Staff: no more answers to this question. */
  z.strictObject({ action: z.literal('close_question'), roomId, contentId: zId() }),
  /** Staff: every screen learns the correct answer and the tally (closes the question too). */
  z.strictObject({ action: z.literal('reveal_answer'), roomId, contentId: zId() }),
  z.strictObject({
    action: z.literal('timer'),
    roomId,
    timerOption: z.number().check(z.int(), z.gte(0), z.lte(120)),
    isRunning: z.boolean(),
    isPaused: z.boolean(),
  }),
]);

const ZReady = z.strictObject({ type: z.literal('ready'), payload: z.strictObject({ roomId }) });
/** The client's own heartbeat: the server answers `pong` at once, so a stalled network shows within seconds. */
const ZPing = z.strictObject({ type: z.literal('ping'), payload: z.strictObject({}) });

export const ZClientMessage = z.discriminatedUnion('type', [
  ZRoomEvent,
  ZGameEvent,
  ZContentEvent,
  ZReady,
  ZPing,
]);
export type ClientMessage = z.infer<typeof ZClientMessage>;

const ZPlayerSummary = z.object({ username: z.string(), isReady: z.boolean(), hasBingo: z.boolean() });
export type PlayerSummary = z.infer<typeof ZPlayerSummary>;

/** One item of the facilitator's content queue: what 'Send Content' sends next, in order. */
const ZQueueItem = z.object({
  contentId: z.number().check(z.int()),
  contentType: z.string(),
  title: z.string(),
});
export type QueueItem = z.infer<typeof ZQueueItem>;

const ZCard = z.array(z.array(z.number().check(z.int())));
/** How the round is won: its prizes in order, the one being played for, and auto-call. */
const ZRoundRules = z.object({
  prizes: z.array(ZWinPattern),
  prizeIndex: z.number().check(z.int()),
  autoCall: z.nullable(z.object({ seconds: z.number().check(z.int()), paused: z.boolean() })),
});
export type RoundRules = z.infer<typeof ZRoundRules>;
const ZWin = z.object({
  username: z.string(),
  pattern: z.enum(WIN_PATTERN_KINDS),
  prize: z.number().check(z.int()),
});
const ZTimer = z.object({
  time: z.number(),
  isRunning: z.boolean(),
  isPaused: z.boolean(),
  endsAt: z.nullable(z.string()),
});

/**
 * Content as the live game sends it: the library's content less what a screen must not know yet.
 * A question's options carry no `isCorrect`: the correct answer is told to everyone at once by
 * `answer_revealed`, so no frame can give it away before.
 */
export const ZGameAnswer = z.omit(ZAnswerReply, { isCorrect: true });
export type GameAnswer = z.infer<typeof ZGameAnswer>;
export const ZGameContent = z.extend(ZContentReply, {
  question: z.nullable(z.extend(ZQuestionReply, { answers: z.array(ZGameAnswer) })),
});
export type GameContent = z.infer<typeof ZGameContent>;

/** How many players picked each option of a question, in the question's order. */
const ZQuestionTally = z.array(
  z.object({ answerId: z.number().check(z.int()), count: z.number().check(z.int()) }),
);
export type QuestionTally = z.infer<typeof ZQuestionTally>;

/** The question on screen as one viewer may know it. */
export const ZQuestionState = z.object({
  contentId: z.number().check(z.int()),
  /** The viewer's own answer (an answer id); null for staff and before they answered. */
  myAnswer: z.nullable(z.number().check(z.int())),
  closed: z.boolean(),
  /** The correct answer's id, once revealed; null before. */
  correct: z.nullable(z.number().check(z.int())),
  /** Staff always; players once the answer is revealed. */
  tally: z.nullable(ZQuestionTally),
});
export type QuestionState = z.infer<typeof ZQuestionState>;

const ZPointsRow = z.object({
  username: z.string(),
  correctAnswers: z.number().check(z.int()),
  wins: z.number().check(z.int()),
  points: z.number().check(z.int()),
});
/** The round's points: correct answers (on reveal) and bingo wins, best first (POINTS_TABLE_LIMIT rows). */
export const ZPointsTable = z.object({ shown: z.boolean(), rows: z.array(ZPointsRow) });
export type PointsTable = z.infer<typeof ZPointsTable>;

/** Everything a (re)joining client needs to draw the room, sent as `set_game_state`. */
export const ZGameSnapshot = z.object({
  /** PROTOCOL_VERSION of the server: a page built for another one asks to be reloaded. */
  protocolVersion: z.number().check(z.int()),
  roomId: z.number().check(z.int()),
  lobbyOpen: z.boolean(),
  gameStarted: z.boolean(),
  gameState: z.enum(GAME_STATE_NAMES),
  round: z.number().check(z.int()),
  bingoRolls: z.array(z.number().check(z.int())),
  /** The receiving player's own card; null for staff. */
  bingoBoard: z.nullable(ZCard),
  /** Everyone present; for a player in a room of more than 200, empty (the count says how many). */
  playerArr: z.array(ZPlayerSummary),
  playerCount: z.number().check(z.int()),
  /** The receiving player's marked numbers (the free centre is always marked); [] for staff. */
  markedCells: z.array(z.number().check(z.int())),
  winners: z.array(z.string()),
  /** Every win of the round in order, with the pattern it was for. */
  wins: z.array(ZWin),
  winnerAudio: z.nullable(z.string()),
  rules: ZRoundRules,
  contentId: z.nullable(z.number().check(z.int())),
  contentType: z.nullable(z.string()),
  /** The content on screen; its script only for staff. */
  content: z.nullable(ZGameContent),
  /** The question on screen, when the content is one. */
  question: z.nullable(ZQuestionState),
  /** Staff always; players only while the facilitator shows it (rows [] otherwise). */
  points: ZPointsTable,
  /** Staff only ([] for players): what 'Send Content' sends next, in order. */
  queue: z.array(ZQueueItem),
  /** The session the screens name: the content's own while content is up, else the room's (issue 28.8). */
  sessionName: z.nullable(z.string()),
  /** The room's own session, named again once the content on screen leaves it (a roll, a state). */
  roomSessionName: z.nullable(z.string()),
  timer: z.nullable(ZTimer),
  hideRollAnimation: z.boolean(),
  connectionClosed: z.boolean(),
  /** The organization's logo and colours (issue 32), with the room so no screen asks again; null: Playshop's look. */
  branding: z.optional(z.nullable(ZRoomBranding)),
  /** The room's language (its own, else its organization's): the projector's and the phones' default. */
  language: z.optional(ZLanguage),
});
export type GameSnapshot = z.infer<typeof ZGameSnapshot>;

const frame = <T extends string, P extends z.core.SomeType>(type: T, payload: P) =>
  z.object({ type: z.literal(type), payload, seq: z.number().check(z.int(), z.gte(0)) });

/**
 * Server → client frames (SPEC §4 incoming messages). Each carries the fields it changes, so a client
 * merges what it is told and derives nothing; clients parse every frame with this schema.
 */
export const ZServerMessage = z.discriminatedUnion('type', [
  frame('open_lobby', z.object({ lobbyOpen: z.literal(true) })),
  frame(
    'start_game',
    z.object({ bingoRolls: z.array(z.number().check(z.int())), hideRollAnimation: z.boolean() }),
  ),
  /**
   * A new round: each player their new card (null for staff); staff also get the refilled queue. The
   * session named is the room's own again (the cleared content no longer names its session).
   */
  frame(
    'start_new_game',
    z.object({
      bingoBoard: z.nullable(ZCard),
      round: z.number().check(z.int()),
      queue: z.nullable(z.array(ZQueueItem)),
      sessionName: z.nullable(z.string()),
    }),
  ),
  frame(
    'join_room',
    z.union([
      z.object({
        username: z.string(),
        bingoBoard: z.nullable(ZCard),
        bingoRolls: z.array(z.number().check(z.int())),
        hideRollAnimation: z.boolean(),
      }),
      /** The lobby is not open: `message` is game.lobbyNotOpen's English, filled at the edge. */
      z.object({ message: z.string() }),
    ]),
  ),
  frame('get_random_roll', z.object({ roll: z.number().check(z.int()) })),
  frame('get_timer_option', ZTimer),
  /**
   * `content.script` is null in the players' copy; `queue` is the staff's queue after it (null for
   * players); `question` is the new question's state for the receiver (null for other content).
   */
  frame(
    'get_content',
    z.object({
      contentId: z.number().check(z.int()),
      contentType: z.string(),
      content: z.nullable(ZGameContent),
      question: z.nullable(ZQuestionState),
      sessionName: z.nullable(z.string()),
      /** The room's session, named once this content leaves the screen (it differs after a session's last item). */
      roomSessionName: z.nullable(z.string()),
      queue: z.nullable(z.array(ZQueueItem)),
    }),
  ),
  /** Protocol 3 and before: one departure. Since 4 the server sends `presence` instead. */
  frame('leave_room', z.object({ username: z.string(), playerCount: z.number().check(z.int()) })),
  frame('game_end', z.object({ connectionClosed: z.literal(true) })),
  /** A verified bingo: who, the sound every screen plays, and everyone who has won this round. */
  frame(
    'game_over',
    z.object({
      username: z.string(),
      winnerAudio: z.nullable(z.string()),
      winners: z.array(z.string()),
      wins: z.array(ZWin),
      /** The rules after the win: the next prize is played for, auto-call is paused. */
      rules: ZRoundRules,
    }),
  ),
  /** The round's prizes or auto-call changed. */
  frame('round_rules', ZRoundRules),
  frame('ready', z.object({ username: z.string() })),
  /** Protocol 3 and before: one arrival. Since 4 the server sends `presence` instead. */
  frame('user_joined', z.object({ username: z.string(), playerCount: z.number().check(z.int()) })),
  /**
   * Who arrived and who left since the room's last `presence` (at most one per room every 250 ms),
   * and how many players are present now. Net changes: a name is in one list at most.
   */
  frame(
    'presence',
    z.object({
      joined: z.array(z.string()),
      left: z.array(z.string()),
      playerCount: z.number().check(z.int()),
    }),
  ),
  frame('Reconnected', z.object({ missedRolls: z.array(z.number().check(z.int())) })),
  frame('hide_roll_animation', z.object({ hideRollAnimation: z.boolean() })),
  /** A refusal in English; since protocol 6 with its message `key` (and `params`) to translate it by. */
  frame('error_event', z.extend(z.object({ error: z.string() }), ZMessageKeyFields.shape)),
  /** The player's marks after a mark, sent to each of that player's screens. */
  frame('marks', z.object({ markedCells: z.array(z.number().check(z.int())) })),
  /** To a removed player's screens, just before their sockets close (4001). */
  frame('removed', z.extend(z.object({ message: z.string() }), ZMessageKeyFields.shape)),
  /**
   * The answer to `ping`; also sent unasked right after the upgrade. `resume` (protocol 6, additive):
   * a short-lived ticket to reconnect with (`/ws?resume=…`) instead of an access token, handed again
   * with a later `pong` before it runs out.
   */
  frame('pong', z.object({ resume: z.optional(z.string()) })),
  /**
   * This instance is stopping and another one serves the room already (a rolling restart; protocol 6,
   * additive): open a new socket now with `resume` and send `reconnect`, take its frames from the
   * snapshot on, then close this one (1000). Until then this socket keeps bringing the room's frames.
   */
  frame('move', z.object({ resume: z.string() })),
  /** To staff (seq 0, not a game event): the facilitator issued the room a new join code. */
  frame('join_code', z.object({ code: z.string() })),
  /** To the answering player's screens: the answer the server holds for them. */
  frame('my_answer', z.object({ contentId: z.number().check(z.int()), choice: z.number().check(z.int()) })),
  /** To staff, after every answer: the live tally. */
  frame('question_tally', z.object({ contentId: z.number().check(z.int()), tally: ZQuestionTally })),
  frame('question_closed', z.object({ contentId: z.number().check(z.int()) })),
  /** To everyone: the correct answer and the final tally. */
  frame(
    'answer_revealed',
    z.object({
      contentId: z.number().check(z.int()),
      correct: z.number().check(z.int()),
      tally: ZQuestionTally,
    }),
  ),
  /** The round's points table: to staff, and to everyone while it is shown. */
  frame('points', ZPointsTable),
  frame('set_game_state', z.union([ZGameSnapshot, z.object({ gameState: z.enum(GAME_STATE_NAMES) })])),
]);
export type ServerMessage = z.infer<typeof ZServerMessage>;
export type ServerMessageType = ServerMessage['type'];
export type ServerPayloads = { [M in ServerMessage as M['type']]: M['payload'] };
