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

/**
 * Who may send a command: staff (PERMISSIONS.runRooms), players (the rule itself answers staff),
 * anyone in the room, or the server alone (the room's clock, a REST route): never a socket.
 */
export type CommandSender = 'staff' | 'player' | 'anyone' | 'server';

/**
 * One command, declared once: its name (the wire's `action`, which is also the engine's command),
 * its fields, who may send it, what it does to the sender's socket, and the server frames it yields
 * (besides `error_event`, the answer to any refused command). The list it is in is the client frame
 * it travels in. The client schema, the server's dispatch and bus, the engine's rule table and the
 * web's senders are derived from these lists (docs/architecture.md, "Adding a command").
 */
const command = <const A extends string, const S extends z.core.$ZodLooseShape>(spec: {
  action: A;
  from: CommandSender;
  fields: S;
  yields: readonly ServerMessageType[];
  /** join_room and reconnect put the socket in the room (open_lobby its staff's); leave_room takes it out. */
  socket?: 'join' | 'leave';
}) => ({
  ...spec,
  /** The command as the engine applies it and the bus forwards it to the room's owner. */
  command: z.strictObject({ action: z.literal(spec.action), ...spec.fields }),
  /** The command as a client sends it: the payload of its frame, naming the room. */
  wire: z.strictObject({ action: z.literal(spec.action), roomId, ...spec.fields }),
});

const JOINED: readonly ServerMessageType[] = [
  'set_game_state',
  'join_room',
  'user_joined',
  'presence',
  'removed',
];

/** `room_event`: the lobby and who is in it. */
const ROOM_EVENT = [
  command({
    action: 'open_lobby',
    from: 'staff',
    fields: {},
    socket: 'join',
    yields: ['open_lobby', 'set_game_state', 'hide_roll_animation'],
  }),
  /** 'Close Lobby' in the admin room view: ends the room's game for everyone, like 'End Game'. */
  command({ action: 'close_lobby', from: 'staff', fields: {}, yields: ['game_end'] }),
  command({ action: 'join_room', from: 'anyone', fields: {}, socket: 'join', yields: JOINED }),
  /** After a reconnect: the last `seq` this client saw; the server replies with what it missed. */
  command({
    action: 'reconnect',
    from: 'anyone',
    fields: { lastSeq: zCount() },
    socket: 'join',
    yields: JOINED,
  }),
  command({
    action: 'leave_room',
    from: 'anyone',
    fields: {},
    socket: 'leave',
    yields: ['leave_room', 'presence'],
  }),
];

/** `game_event`: the round, balls, cards, prizes and the board's own settings. */
const GAME_EVENT = [
  command({ action: 'start_game', from: 'staff', fields: {}, yields: ['start_game'] }),
  command({ action: 'start_new_game', from: 'staff', fields: {}, yields: ['start_new_game', 'points'] }),
  /** 'Roll': the next ball, to every screen. */
  command({ action: 'get_roll', from: 'staff', fields: {}, yields: ['get_random_roll'] }),
  /** Only `bingo` and `announce_winner` may be asked for; the other states follow from the game. */
  command({
    action: 'game_state',
    from: 'staff',
    fields: { gameState: z.enum(GAME_STATE_NAMES) },
    yields: ['set_game_state'],
  }),
  /** 'End Game'. */
  command({ action: 'game_over', from: 'staff', fields: {}, yields: ['game_end'] }),
  /** A bingo claim. The server checks the stored card and rolls; anything else sent is ignored. */
  command({
    action: 'check_win',
    from: 'player',
    fields: {
      username: z.optional(zLine().check(z.maxLength(200))),
      bingoCard: z.optional(z.unknown()),
      rolls: z.optional(z.unknown()),
    },
    yields: ['game_over', 'points', 'round_rules'],
  }),
  command({
    action: 'hide_roll_animation',
    from: 'staff',
    fields: { hidden: z.boolean() },
    yields: ['hide_roll_animation'],
  }),
  /** The round's prizes in order (any line, then full house, …): before the round's first ball. */
  command({
    action: 'set_prizes',
    from: 'staff',
    fields: { prizes: z.array(ZWinPattern).check(z.minLength(1), z.maxLength(MAX_PRIZES)) },
    yields: ['round_rules'],
  }),
  /** Auto-call: the server rolls every `seconds` (10–60) until paused or a bingo; null turns it off. */
  command({
    action: 'set_auto_call',
    from: 'staff',
    fields: {
      seconds: z.nullable(
        z.number().check(z.int(), z.gte(AUTO_CALL_SECONDS.min), z.lte(AUTO_CALL_SECONDS.max)),
      ),
    },
    yields: ['round_rules'],
  }),
  command({ action: 'pause_auto_call', from: 'staff', fields: {}, yields: ['round_rules'] }),
  command({ action: 'resume_auto_call', from: 'staff', fields: {}, yields: ['round_rules'] }),
  /** The facilitator removes a player from the room: their sockets close and their card is dropped. */
  command({
    action: 'remove_player',
    from: 'staff',
    fields: { username: zLine().check(z.minLength(1), z.maxLength(200)) },
    yields: ['removed', 'leave_room', 'presence'],
  }),
  /** Shows the round's points table on every screen, or on staff's only. */
  command({ action: 'set_points_table', from: 'staff', fields: { shown: z.boolean() }, yields: ['points'] }),
  /** A player marks or clears a number on their own card; kept by the server across reloads. */
  command({
    action: 'mark',
    from: 'player',
    fields: { number: z.number().check(z.int(), z.gte(1), z.lte(75)), marked: z.boolean() },
    yields: ['marks'],
  }),
];

/** `content_event`: the workshop's content, its questions and the timer. */
const CONTENT_EVENT = [
  /** The head of the room's content queue; the server moves the room on when a session runs out. */
  command({ action: 'send_next_content', from: 'staff', fields: {}, yields: ['get_content'] }),
  /** One item of the queue, by id: it must be in the queue of the room's current session. */
  command({
    action: 'send_content',
    from: 'staff',
    fields: { contentId: zIdParam(), contentType: z.enum(['VIDEO', 'IMAGE', 'QUESTION', 'OTHER']) },
    yields: ['get_content'],
  }),
  /** A player's answer to the question on screen: one per player, changeable until it is closed. */
  command({
    action: 'answer_question',
    from: 'player',
    fields: { contentId: zId(), choice: zId() },
    yields: ['my_answer', 'question_tally'],
  }),
  /** Staff: no more answers to this question. */
  command({
    action: 'close_question',
    from: 'staff',
    fields: { contentId: zId() },
    yields: ['question_closed'],
  }),
  /** Staff: every screen learns the correct answer and the tally (closes the question too). */
  command({
    action: 'reveal_answer',
    from: 'staff',
    fields: { contentId: zId() },
    yields: ['question_closed', 'answer_revealed', 'points'],
  }),
  command({
    action: 'timer',
    from: 'staff',
    fields: {
      timerOption: z.number().check(z.int(), z.gte(0), z.lte(120)),
      isRunning: z.boolean(),
      isPaused: z.boolean(),
    },
    yields: ['get_timer_option'],
  }),
];

/** `ready`: its own frame, `{type: 'ready', payload: {roomId}}` (SPEC §7). */
const READY = command({ action: 'ready', from: 'player', fields: {}, yields: ['ready'] });

/** Never on the wire: the room's clock and the REST routes send these to the room themselves. */
const SERVER_ONLY = [
  /** The room's clock, when the ball has been shown: back to the board unless something else happened since. */
  command({
    action: 'settle_roll',
    from: 'server',
    fields: { rollCount: zCount() },
    yields: ['set_game_state'],
  }),
  /** A REST route moved the room to another session. */
  command({
    action: 'set_session',
    from: 'server',
    fields: { sessionId: zId() },
    yields: ['set_game_state'],
  }),
];

/** Every command of the live game, declared once (above). */
export const GAME_COMMANDS = [...ROOM_EVENT, ...GAME_EVENT, ...CONTENT_EVENT, READY, ...SERVER_ONLY];

type CommandSpec = (typeof GAME_COMMANDS)[number];
/** Every command the engine applies, by `action`: what clients send, less the room, and the server's own. */
export type GameCommand = z.infer<CommandSpec['command']>;
export type CommandAction = CommandSpec['action'];
type CommandOf<List extends readonly CommandSpec[]> = z.infer<List[number]['command']>;
/** A command a client sends, without its room: what the web's senders take. */
export type ClientCommand =
  | CommandOf<typeof ROOM_EVENT>
  | CommandOf<typeof GAME_EVENT>
  | CommandOf<typeof CONTENT_EVENT>
  | z.infer<typeof READY.command>;

const SPECS = new Map(GAME_COMMANDS.map((spec) => [spec.action, spec]));
/** The declaration of one command (GAME_COMMANDS). */
export function commandSpec(action: CommandAction): CommandSpec {
  const spec = SPECS.get(action);
  if (!spec) throw new Error(`undeclared command ${action}`);
  return spec;
}

function nonEmpty<T>(list: T[]): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error('a frame without commands');
  return [first, ...rest];
}

const ZReady = z.strictObject({ type: z.literal('ready'), payload: z.strictObject({ roomId }) });
/** The client's own heartbeat: the server answers `pong` at once, so a stalled network shows within seconds. */
const ZPing = z.strictObject({ type: z.literal('ping'), payload: z.strictObject({}) });

/** Client → server frames (SPEC §7 Websocket), derived from the command lists. */
export const ZClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('room_event'),
    payload: z.discriminatedUnion('action', nonEmpty(ROOM_EVENT.map((c) => c.wire))),
  }),
  z.strictObject({
    type: z.literal('game_event'),
    payload: z.discriminatedUnion('action', nonEmpty(GAME_EVENT.map((c) => c.wire))),
  }),
  z.strictObject({
    type: z.literal('content_event'),
    payload: z.discriminatedUnion('action', nonEmpty(CONTENT_EVENT.map((c) => c.wire))),
  }),
  ZReady,
  ZPing,
]);
export type ClientMessage = z.infer<typeof ZClientMessage>;

/** Every command as the engine takes it, for the bus that forwards commands to a room's owner. */
export const ZGameCommand = z.discriminatedUnion('action', nonEmpty(GAME_COMMANDS.map((c) => c.command)));

const actionsOf = (list: readonly CommandSpec[]): ReadonlySet<string> => new Set(list.map((c) => c.action));
const ROOM_ACTIONS = actionsOf(ROOM_EVENT);
const GAME_ACTIONS = actionsOf(GAME_EVENT);
const CONTENT_ACTIONS = actionsOf(CONTENT_EVENT);
const inRoomEvent = (c: ClientCommand): c is CommandOf<typeof ROOM_EVENT> => ROOM_ACTIONS.has(c.action);
const inGameEvent = (c: ClientCommand): c is CommandOf<typeof GAME_EVENT> => GAME_ACTIONS.has(c.action);
const inContentEvent = (c: ClientCommand): c is CommandOf<typeof CONTENT_EVENT> =>
  CONTENT_ACTIONS.has(c.action);

/** A command for a room as the client frame that carries it: the one way a client sends a command. */
export function commandMessage(roomId: number, command: ClientCommand): ClientMessage {
  if (inRoomEvent(command)) return { type: 'room_event', payload: { ...command, roomId } };
  if (inGameEvent(command)) return { type: 'game_event', payload: { ...command, roomId } };
  if (inContentEvent(command)) return { type: 'content_event', payload: { ...command, roomId } };
  return { type: 'ready', payload: { roomId } };
}

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

/** `set_game_state`'s short form: only the room's new state. */
const ZGameStateOnly = z.object({ gameState: z.enum(GAME_STATE_NAMES) });

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
  /**
   * Every roll brings the short form, so it is tried first and exactly (a snapshot fails it at once,
   * where a failed snapshot check built its issues first: milliseconds a frame on a budget phone); a
   * short form with fields it does not know yet is still read, after the snapshot, as before.
   */
  frame('set_game_state', z.union([z.strictObject(ZGameStateOnly.shape), ZGameSnapshot, ZGameStateOnly])),
]);
export type ServerMessage = z.infer<typeof ZServerMessage>;
export type ServerMessageType = ServerMessage['type'];
export type ServerPayloads = { [M in ServerMessage as M['type']]: M['payload'] };
/** One server frame of a kind: code generic in the kind builds it as this, with no cast. */
export type ServerFrame<T extends ServerMessageType = ServerMessageType> = {
  [K in T]: { type: K; payload: ServerPayloads[K]; seq: number };
}[T];
