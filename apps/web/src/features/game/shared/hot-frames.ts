import { GAME_STATE_NAMES, type ServerMessage } from '@playshop/shared';

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const STATES: ReadonlySet<unknown> = new Set(GAME_STATE_NAMES);
type Payload = Record<string, unknown>;

/** The payloads of the frames every roll brings, checked by hand: true when it is exactly this. */
const HOT: Record<string, (payload: Payload, keys: string[]) => boolean> = {
  get_random_roll: (p, keys) => keys.length === 1 && isInt(p.roll),
  // The short form only: a snapshot (the union's other member) goes through the schema.
  set_game_state: (p, keys) => keys.length === 1 && STATES.has(p.gameState),
  marks: (p, keys) =>
    keys.length === 1 && Array.isArray(p.markedCells) && (p.markedCells as unknown[]).every(isInt),
  pong: (p, keys) =>
    keys.length === 0 || (keys.length === 1 && (p.resume === undefined || typeof p.resume === 'string')),
};

/**
 * The few frames a roll brings (the ball, the state, the marks, the heartbeat's pong), recognised
 * without the protocol's schema: `ZServerMessage` tries a `set_game_state` as a whole snapshot first
 * and builds its failure before it takes the short form, several milliseconds a frame on a budget
 * phone (issue 46). Only a frame with exactly the schema's fields, each valid, is taken here, so what
 * is returned is what the schema returns; anything else is undefined and goes to the schema.
 */
export function parseHotFrame(value: unknown): ServerMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const frame = value as Payload;
  const check = typeof frame.type === 'string' ? HOT[frame.type] : undefined;
  if (!check || !isInt(frame.seq) || frame.seq < 0 || Object.keys(frame).length !== 3) return undefined;
  const payload = frame.payload;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  if (Object.getPrototypeOf(payload) !== Object.prototype) return undefined;
  return check(payload as Payload, Object.keys(payload)) ? (frame as ServerMessage) : undefined;
}
