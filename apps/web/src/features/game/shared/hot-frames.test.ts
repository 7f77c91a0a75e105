import { ZServerMessage } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { parseServerFrame } from './game-connection';
import { parseHotFrame } from './hot-frames';

const schema = (value: unknown) => {
  const parsed = ZServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('parseHotFrame', () => {
  it("takes a roll's frames without the schema, and returns what the schema returns", () => {
    const hot = [
      { type: 'get_random_roll', payload: { roll: 42 }, seq: 7 },
      { type: 'set_game_state', payload: { gameState: 'roll' }, seq: 8 },
      { type: 'set_game_state', payload: { gameState: 'bingo' }, seq: 0 },
      { type: 'marks', payload: { markedCells: [3, 42] }, seq: 9 },
      { type: 'marks', payload: { markedCells: [] }, seq: 9 },
    ];
    for (const frame of hot) {
      expect(parseHotFrame(frame)).toEqual(schema(frame));
      expect(parseHotFrame(frame)).not.toBeUndefined();
    }
  });

  it('leaves anything else to the schema, which decides', () => {
    const others = [
      { type: 'get_random_roll', payload: { roll: 4.5 }, seq: 1 },
      { type: 'get_random_roll', payload: { roll: '4' }, seq: 1 },
      { type: 'get_random_roll', payload: { roll: 4, extra: true }, seq: 1 },
      { type: 'get_random_roll', payload: { roll: 4 }, seq: -1 },
      { type: 'get_random_roll', payload: { roll: 4 } },
      { type: 'get_random_roll', payload: { roll: 4 }, seq: 1, more: 1 },
      { type: 'get_random_roll', payload: [4], seq: 1 },
      { type: 'set_game_state', payload: { gameState: 'dancing' }, seq: 1 },
      { type: 'set_game_state', payload: { gameState: 'roll', roomId: 3 }, seq: 1 },
      { type: 'marks', payload: { markedCells: [1, 'x'] }, seq: 1 },
      { type: 'pong', payload: {}, seq: 1 },
      { type: 'get_random_roll', payload: { number: 4 }, seq: 1 },
      { type: 'toString', payload: { roll: 4 }, seq: 1 },
      { type: 'open_lobby', payload: { lobbyOpen: true }, seq: 1 },
      { type: 'nothing', payload: {}, seq: 1 },
      null,
      42,
    ];
    for (const frame of others) expect(parseHotFrame(frame)).toBeUndefined();
    // The schema still reads them as it did: the extra field stripped, the bad ones refused.
    expect(parseServerFrame(JSON.stringify(others[2]))).toEqual({
      type: 'get_random_roll',
      payload: { roll: 4 },
      seq: 1,
    });
    expect(parseServerFrame(JSON.stringify(others[0]))).toBeNull();
    const lobby = { type: 'open_lobby', payload: { lobbyOpen: true }, seq: 1 };
    expect(parseServerFrame(JSON.stringify(lobby))).toEqual(lobby);
  });
});
