import { PROTOCOL_VERSION, ZServerMessage } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { dealCard } from './cards';
import { fold, type GameState, initialGameState } from './engine';
import { framesFor, LOBBY_LIST_LIMIT, type RoomView, snapshotFor } from './frames';

const content = {
  id: 5,
  title: 'T',
  description: 'D',
  script: 'secret notes',
  type: 'QUESTION' as const,
  categoryId: 1,
  category: { id: 1, name: 'C' },
  question: null,
  image: null,
  video: null,
};
const view: RoomView = {
  roomId: 9,
  plan: {
    sessions: [
      {
        id: 1,
        name: 'Welcome',
        content: [
          { contentId: 5, contentType: 'QUESTION', title: 'T' },
          { contentId: 6, contentType: 'OTHER', title: 'Next' },
        ],
      },
    ],
  },
  content: new Map([[5, content]]),
};
const staff = { userId: 999_999, staff: true };
const player = (userId: number) => ({ userId, staff: false });

const now = new Date('2026-11-21T10:00:00Z');
const rng = () => {
  let x = 7;
  return (min: number, max: number) => {
    x = (x * 48271) % 2147483647;
    return min + (x % (max - min));
  };
};

function withPlayers(count: number): GameState {
  let state = fold(initialGameState(), { type: 'lobby_opened' });
  const random = rng();
  for (let i = 1; i <= count; i++) {
    state = fold(state, { type: 'player_joined', userId: i, username: `p${i}`, card: dealCard(random) });
  }
  return state;
}

describe('framesFor', () => {
  it("sends a player's card to that player alone", () => {
    const state = withPlayers(1);
    const frames = framesFor(
      { type: 'player_joined', userId: 1, username: 'p1', card: state.players.get(1)!.card },
      state,
      now,
      view,
    );
    expect(frames.find((f) => f.message.type === 'join_room')?.to).toBe(1);
    expect(frames.filter((f) => f.to === 'lobby').map((f) => f.message.type)).toEqual(['user_joined']);
  });

  it('tells players about arrivals up to the lobby list limit, then staff only', () => {
    const small = withPlayers(LOBBY_LIST_LIMIT);
    const big = withPlayers(LOBBY_LIST_LIMIT + 1);
    const arrival = (state: GameState, id: number) =>
      framesFor(
        { type: 'player_joined', userId: id, username: `p${id}`, card: state.players.get(id)!.card },
        state,
        now,
        view,
      );
    expect(arrival(small, LOBBY_LIST_LIMIT).find((f) => f.message.type === 'user_joined')?.to).toBe('lobby');
    expect(arrival(big, LOBBY_LIST_LIMIT + 1).find((f) => f.message.type === 'user_joined')?.to).toBe(
      'staff',
    );
  });

  it('keeps the script out of the players’ copy of sent content', () => {
    const state = fold(withPlayers(1), { type: 'content_sent', contentId: 5, contentType: 'QUESTION' });
    const frames = framesFor(
      { type: 'content_sent', contentId: 5, contentType: 'QUESTION' },
      state,
      now,
      view,
    );
    const staffCopy = frames.find((f) => f.to === 'staff')!.message;
    const players = frames.find((f) => f.to === 'players')!.message;
    expect(JSON.stringify(staffCopy)).toContain('secret notes');
    expect(JSON.stringify(players)).not.toContain('secret notes');
    // Staff get the queue after the send; players the session name, not the queue.
    expect(staffCopy.payload).toMatchObject({ sessionName: 'Welcome', queue: [{ contentId: 6 }] });
    expect(players.payload).toMatchObject({ sessionName: 'Welcome', queue: null });
  });

  it('deals each player their own new card on a new round, and staff a round without one', () => {
    const state = withPlayers(2);
    const random = rng();
    const cards = { 1: dealCard(random), 2: dealCard(random) };
    const after = fold(state, { type: 'new_round', cards });
    const frames = framesFor({ type: 'new_round', cards }, after, now, view);
    expect(frames.map((f) => f.to)).toEqual(['staff', 1, 2]);
    expect(frames[1]!.message.payload).toEqual({ bingoBoard: cards[1], round: 2, queue: null });
    expect(frames[0]!.message.payload).toMatchObject({
      bingoBoard: null,
      queue: [{ contentId: 5 }, { contentId: 6 }],
    });
  });
});

describe('snapshotFor', () => {
  it("shows a player their own card, and the timer's remaining time in server time", () => {
    let state = withPlayers(2);
    state = fold(state, {
      type: 'timer_set',
      seconds: 60,
      startedAt: '2026-11-21T09:59:30.000Z',
      isRunning: true,
      isPaused: false,
    });
    const snapshot = snapshotFor(state, player(2), now, view);
    expect(snapshot.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(snapshot.bingoBoard).toEqual(state.players.get(2)!.card);
    expect(snapshot.playerArr).toHaveLength(2);
    expect(snapshot.timer).toEqual({
      time: 30,
      isRunning: true,
      isPaused: false,
      endsAt: '2026-11-21T10:00:30.000Z',
    });
    expect(snapshotFor(state, player(99), now, view).bingoBoard).toBeNull();
  });

  it('gives players of a very big room the count instead of the list; staff get the list', () => {
    const state = withPlayers(LOBBY_LIST_LIMIT + 1);
    const one = snapshotFor(state, player(1), now, view);
    expect(one.playerArr).toEqual([]);
    expect(one.playerCount).toBe(LOBBY_LIST_LIMIT + 1);
    expect(snapshotFor(state, staff, now, view).playerArr).toHaveLength(LOBBY_LIST_LIMIT + 1);
  });

  it('gives staff, not players, the queue without what was sent this round, and each player their marks', () => {
    const state = fold(withPlayers(2), { type: 'content_sent', contentId: 5, contentType: 'QUESTION' });
    fold(state, { type: 'card_marked', userId: 1, number: state.players.get(1)!.card[0]![0]!, marked: true });
    expect(snapshotFor(state, staff, now, view).queue).toEqual([
      { contentId: 6, contentType: 'OTHER', title: 'Next' },
    ]);
    expect(snapshotFor(state, player(1), now, view).queue).toEqual([]);
    expect(snapshotFor(state, player(1), now, view).markedCells).toEqual([
      0,
      state.players.get(1)!.card[0]![0],
    ]);
    expect(snapshotFor(state, player(1), now, view).content?.script).toBeNull();
    expect(snapshotFor(state, staff, now, view).content?.script).toBe('secret notes');
  });

  it('every frame and snapshot fits the shared schema the clients parse', () => {
    const state = fold(withPlayers(3), { type: 'content_sent', contentId: 5, contentType: 'QUESTION' });
    expect(
      ZServerMessage.safeParse({
        type: 'set_game_state',
        payload: snapshotFor(state, staff, now, view),
        seq: 1,
      }).success,
    ).toBe(true);
    const frames = framesFor(
      { type: 'content_sent', contentId: 5, contentType: 'QUESTION' },
      state,
      now,
      view,
    );
    for (const f of frames) expect(ZServerMessage.safeParse(f.message).error).toBeUndefined();
  });
});
