import { GAME_STATE_NAMES, type ServerMessage } from '@playshop/shared';

const isInt = Number.isSafeInteger as (value: unknown) => value is number;

/** The payloads of the frames every roll brings, each with exactly one field: is its value valid. */
const HOT: Record<string, (value: unknown) => boolean> = {
  get_random_roll: isInt,
  // The short form only: a snapshot (the union's other member) has more fields and goes to the schema.
  set_game_state: (value) => GAME_STATE_NAMES.includes(value as never),
  marks: (value) => Array.isArray(value) && value.every(isInt),
};
const FIELD: Record<string, string> = {
  get_random_roll: 'roll',
  set_game_state: 'gameState',
  marks: 'markedCells',
};

/**
 * The frames a roll brings (the ball, the state, the marks), recognised without the protocol's
 * schema: `ZServerMessage` tries a `set_game_state` as a whole snapshot first and builds its failure
 * before it takes the short form, milliseconds a frame on a budget phone (issue 46). Only a frame
 * with exactly the schema's fields, each valid, is taken here, so what is returned is what the schema
 * returns; anything else is undefined and goes to the schema.
 */
export function parseHotFrame(value: unknown): ServerMessage | undefined {
  const frame = value as { type?: unknown; payload?: unknown; seq?: unknown } | null;
  const type = typeof frame?.type === 'string' ? frame.type : '';
  const check = Object.hasOwn(HOT, type) ? HOT[type] : undefined;
  const payload = frame?.payload as Record<string, unknown> | null | undefined;
  if (!check || !isInt(frame!.seq) || frame!.seq < 0 || Object.keys(frame!).length !== 3) return undefined;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const keys = Object.keys(payload);
  return keys.length === 1 && keys[0] === FIELD[type] && check(payload[FIELD[type]!])
    ? (frame as ServerMessage)
    : undefined;
}
