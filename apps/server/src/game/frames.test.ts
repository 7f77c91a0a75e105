import { PROTOCOL_VERSION } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { dealCard } from './cards';
import { fold, type GameState, initialGameState } from './engine';
import { framesFor, LOBBY_LIST_LIMIT, snapshotFor } from './frames';

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
      { type: 'player_joined', userId: 1, username: 'p1', card: state.players[1]!.card },
      state,
      now,
    );
    expect(frames.find((f) => f.message.type === 'join_room')?.to).toBe(1);
    expect(frames.filter((f) => f.to === 'all').map((f) => f.message.type)).toEqual(['user_joined']);
  });

  it('tells players about arrivals up to the lobby list limit, then staff only', () => {
    const small = withPlayers(LOBBY_LIST_LIMIT);
    const big = withPlayers(LOBBY_LIST_LIMIT + 1);
    const arrival = (state: GameState, id: number) =>
      framesFor(
        { type: 'player_joined', userId: id, username: `p${id}`, card: state.players[id]!.card },
        state,
        now,
      );
    expect(arrival(small, LOBBY_LIST_LIMIT).find((f) => f.message.type === 'user_joined')?.to).toBe('all');
    expect(arrival(big, LOBBY_LIST_LIMIT + 1).find((f) => f.message.type === 'user_joined')?.to).toBe(
      'staff',
    );
  });

  it('keeps the script out of the players’ copy of sent content', () => {
    const content = {
      id: 5,
      title: 'T',
      description: 'D',
      script: 'secret notes',
      type: 'OTHER' as const,
      categoryId: 1,
      category: { id: 1, name: 'C' },
      question: null,
      image: null,
      video: null,
    };
    const state = fold(withPlayers(1), { type: 'content_sent', contentId: 5, contentType: 'OTHER' });
    const frames = framesFor({ type: 'content_sent', contentId: 5, contentType: 'OTHER' }, state, now, {
      content,
    });
    const staff = frames.find((f) => f.to === 'staff')!.message;
    const players = frames.find((f) => f.to === 'players')!.message;
    expect(JSON.stringify(staff)).toContain('secret notes');
    expect(JSON.stringify(players)).not.toContain('secret notes');
  });

  it('deals each player their own new card on a new round, and staff a round without one', () => {
    const state = withPlayers(2);
    const random = rng();
    const cards = { 1: dealCard(random), 2: dealCard(random) };
    const after = fold(state, { type: 'new_round', cards });
    const frames = framesFor({ type: 'new_round', cards }, after, now);
    expect(frames.map((f) => f.to)).toEqual(['staff', 1, 2]);
    expect(frames[1]!.message.payload).toEqual({ bingoBoard: cards[1], round: 2 });
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
    const snapshot = snapshotFor(state, 9, 2, now);
    expect(snapshot.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(snapshot.bingoBoard).toEqual(state.players[2]!.card);
    expect(snapshot.playerArr).toHaveLength(2);
    expect(snapshot.timer).toEqual({
      time: 30,
      isRunning: true,
      isPaused: false,
      endsAt: '2026-11-21T10:00:30.000Z',
    });
    expect(snapshotFor(state, 9, 99, now).bingoBoard).toBeNull();
  });

  it('gives players of a very big room the count instead of the list; staff get the list', () => {
    const state = withPlayers(LOBBY_LIST_LIMIT + 1);
    const player = snapshotFor(state, 9, 1, now);
    expect(player.playerArr).toEqual([]);
    expect(player.playerCount).toBe(LOBBY_LIST_LIMIT + 1);
    expect(snapshotFor(state, 9, 999_999, now).playerArr).toHaveLength(LOBBY_LIST_LIMIT + 1);
  });

  it("tells staff, not players, which content was sent this round (the facilitator's queue)", () => {
    const state = fold(withPlayers(2), { type: 'content_sent', contentId: 5, contentType: 'QUESTION' });
    expect(snapshotFor(state, 9, 999_999, now).sentContentIds).toEqual([5]);
    expect(snapshotFor(state, 9, 1, now).sentContentIds).toEqual([]);
  });
});
