import { GAME_STATE_NAMES, type ServerMessage } from '@playshop/shared';

const isInt = Number.isSafeInteger as (value: unknown) => value is number;

/** The frames every roll brings: their payload's one field, and whether its value is valid. */
const HOT: Record<string, [string, (value: unknown) => boolean]> = {
  get_random_roll: ['roll', isInt],
  // The short form only: a snapshot (the union's other member) has more fields and goes to the schema.
  set_game_state: ['gameState', (value) => GAME_STATE_NAMES.includes(value as never)],
  marks: ['markedCells', (value) => Array.isArray(value) && value.every(isInt)],
};

/**
 * The frames a roll brings (the ball, the state, the marks), recognised without the protocol's
 * schema: `ZServerMessage` tries a `set_game_state` as a whole snapshot first and builds its failure
 * before it takes the short form, milliseconds a frame on a budget phone (issue 46). Only a frame
 * with exactly the schema's fields, each valid, is taken here, so what is returned is what the schema
 * returns; anything else is undefined and goes to the schema.
 */
export function parseHotFrame(value: unknown): ServerMessage | undefined {
  const frame = Object(value) as { type?: unknown; payload?: unknown; seq?: unknown };
  const hot = typeof frame.type === 'string' && Object.hasOwn(HOT, frame.type) ? HOT[frame.type] : undefined;
  const payload = Object(frame.payload) as Record<string, unknown>;
  const keys = Object.keys(payload);
  return hot &&
    isInt(frame.seq) &&
    frame.seq >= 0 &&
    Object.keys(frame).length === 3 &&
    payload === frame.payload &&
    !Array.isArray(payload) &&
    keys.length === 1 &&
    keys[0] === hot[0] &&
    hot[1](payload[hot[0]])
    ? (frame as ServerMessage)
    : undefined;
}
