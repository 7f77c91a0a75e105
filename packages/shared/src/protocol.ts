import { z } from 'zod';
import type { ContentReply } from './content';
import { zCount, zId, zIdParam, zLine } from './input';

/**
 * The live game's WebSocket protocol (SPEC §7 Websocket, §4 incoming messages). Frames are JSON
 * `{type, payload}`; server frames also carry `seq`, the game's event sequence number, so a client
 * that reconnects can say what it saw last. docs/protocol.md describes every message.
 */
export const PROTOCOL_VERSION = 1;
export const WS_PATH = '/ws';
/** Frames larger than this are refused and the socket closed (1009). */
export const WS_MAX_FRAME_BYTES = 16 * 1024;
export const WS_IDLE_CLOSE_MS = 60 * 60 * 1000;
export const WS_RECONNECT = { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 32_000 } as const;

export const GAME_STATE_NAMES = [
  'lobby',
  'bingo',
  'roll',
  'content',
  'game_over',
  'announce_winner',
] as const;
export type GameStateName = (typeof GAME_STATE_NAMES)[number];

const roomId = zId();

const ZRoomEvent = z
  .object({
    type: z.literal('room_event'),
    payload: z.discriminatedUnion('action', [
      z.object({ action: z.literal('open_lobby'), roomId }).strict(),
      z.object({ action: z.literal('close_lobby'), roomId }).strict(),
      z.object({ action: z.literal('join_room'), roomId }).strict(),
      z.object({ action: z.literal('leave_room'), roomId }).strict(),
      /** After a reconnect: the last `seq` this client saw; the server replies with what it missed. */
      z.object({ action: z.literal('reconnect'), roomId, lastSeq: zCount() }).strict(),
    ]),
  })
  .strict();

const ZGameEvent = z
  .object({
    type: z.literal('game_event'),
    payload: z.discriminatedUnion('action', [
      z.object({ action: z.literal('start_game'), roomId }).strict(),
      z.object({ action: z.literal('start_new_game'), roomId }).strict(),
      z.object({ action: z.literal('get_roll'), roomId }).strict(),
      z.object({ action: z.literal('game_state'), roomId, gameState: z.enum(GAME_STATE_NAMES) }).strict(),
      /** 'End Game'. */
      z.object({ action: z.literal('game_over'), roomId }).strict(),
      /** A bingo claim. The server checks the stored card and rolls; anything else sent is ignored. */
      z
        .object({
          action: z.literal('check_win'),
          roomId,
          username: zLine().max(200).optional(),
          bingoCard: z.unknown().optional(),
          rolls: z.unknown().optional(),
        })
        .strict(),
      z.object({ action: z.literal('hide_roll_animation'), roomId, hidden: z.boolean() }).strict(),
    ]),
  })
  .strict();

const ZContentEvent = z
  .object({
    type: z.literal('content_event'),
    payload: z.discriminatedUnion('action', [
      z
        .object({
          action: z.literal('send_content'),
          roomId,
          contentId: zIdParam(),
          contentType: z.enum(['VIDEO', 'IMAGE', 'QUESTION', 'OTHER']),
        })
        .strict(),
      z
        .object({
          action: z.literal('timer'),
          roomId,
          timerOption: z.number().int().min(0).max(120),
          isRunning: z.boolean(),
          isPaused: z.boolean(),
        })
        .strict(),
    ]),
  })
  .strict();

const ZReady = z.object({ type: z.literal('ready'), payload: z.object({ roomId }).strict() }).strict();

export const ZClientMessage = z.discriminatedUnion('type', [ZRoomEvent, ZGameEvent, ZContentEvent, ZReady]);
export type ClientMessage = z.infer<typeof ZClientMessage>;

export interface PlayerSummary {
  username: string;
  isReady: boolean;
  hasBingo: boolean;
}

/** Everything a (re)joining client needs to draw the room, sent as `set_game_state`. */
export interface GameSnapshot {
  /** PROTOCOL_VERSION of the server: a page built for another one asks to be reloaded. */
  protocolVersion: number;
  roomId: number;
  lobbyOpen: boolean;
  gameStarted: boolean;
  gameState: GameStateName;
  round: number;
  bingoRolls: number[];
  /** The receiving player's own card; null for staff. */
  bingoBoard: number[][] | null;
  /** Everyone present; for a player in a room of more than 200, empty (the count says how many). */
  playerArr: PlayerSummary[];
  playerCount: number;
  winners: string[];
  contentId: number | null;
  contentType: string | null;
  /** The content on screen; its script only for staff. */
  content: ContentReply | null;
  /** Content sent this round (staff only; [] for players): the facilitator's queue leaves them out. */
  sentContentIds: number[];
  /** The session of the workshop the room is delivering (its room session, else the first). */
  sessionName: string | null;
  timer: { time: number; isRunning: boolean; isPaused: boolean; endsAt: string | null } | null;
  hideRollAnimation: boolean;
  connectionClosed: boolean;
}

/** Server → client frames, by type (SPEC §4 incoming messages). */
export interface ServerPayloads {
  open_lobby: { lobbyOpen: true };
  start_game: { bingoRolls: number[]; hideRollAnimation: boolean };
  start_new_game: { bingoBoard: number[][] | null; round: number };
  join_room:
    | { username: string; bingoBoard: number[][] | null; bingoRolls: number[]; hideRollAnimation: boolean }
    | { message: 'Lobby not open' };
  get_random_roll: { roll: number };
  get_timer_option: { time: number; isRunning: boolean; isPaused: boolean; endsAt: string | null };
  /** `content.script` is null in the players' copy: scripts are for facilitators. */
  get_content: { contentId: number; contentType: string; content: ContentReply | null };
  leave_room: { username: string };
  game_end: { connectionClosed: true };
  game_over: { username: string; winnerAudio: string | null };
  ready: { username: string };
  user_joined: { username: string };
  Reconnected: { missedRolls: number[] };
  hide_roll_animation: { hideRollAnimation: boolean };
  error_event: { error: string };
  set_game_state: GameSnapshot | { gameState: GameStateName };
}
export type ServerMessageType = keyof ServerPayloads;
export type ServerMessage = {
  [K in ServerMessageType]: { type: K; payload: ServerPayloads[K]; seq: number };
}[ServerMessageType];
