import type { ContentReply, GameSnapshot } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { type GameAction, type GameState, gameReducer, initialGameState, toBoard } from './game-reducer';

const card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
const card2 = card.map((row) => row.map((n) => (n === 0 ? 0 : n + 5)));

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const withPlayers: GameState = {
  ...initialGameState,
  playerArr: [
    { username: 'ann', isReady: false, hasBingo: false },
    { username: 'bob', isReady: false, hasBingo: true },
  ],
};
const content = { id: 9, title: 'Fire', type: 'OTHER' } as ContentReply;

const snapshot = (over: Partial<GameSnapshot> = {}): GameSnapshot => ({
  protocolVersion: 1,
  roomId: 1,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'bingo',
  round: 1,
  bingoRolls: [1, 2],
  bingoBoard: card,
  playerArr: [{ username: 'ann', isReady: true, hasBingo: false }],
  playerCount: 1,
  sessionName: 'Warm-up',
  winners: [],
  contentId: null,
  contentType: null,
  content: null,
  sentContentIds: [],
  timer: { time: 30, isRunning: true, isPaused: false, endsAt: '2026-01-01T00:00:30.000Z' },
  hideRollAnimation: true,
  connectionClosed: false,
  ...over,
});

describe('game reducer: SPEC §4 incoming messages and effects', () => {
  it('open_lobby opens the lobby', () => {
    const s = run(initialGameState, { type: 'open_lobby', payload: { lobbyOpen: true }, seq: 1 });
    expect(s.lobbyOpen).toBe(true);
    expect(s.lastSeq).toBe(1);
  });

  it('start_game: started, bingo state, rolls, marked [0], the animation flag', () => {
    const s = run(
      { ...initialGameState, markedCells: [0, 5], gameState: 'lobby' },
      { type: 'start_game', payload: { bingoRolls: [7], hideRollAnimation: true }, seq: 2 },
    );
    expect(s).toMatchObject({
      gameStarted: true,
      gameState: 'bingo',
      bingoRolls: [7],
      markedCells: [0],
      hideRollAnimation: true,
    });
  });

  it('start_new_game loads the new board, clears rolls, every bingo flag and the winners', () => {
    const before = {
      ...withPlayers,
      bingoBoard: toBoard(card, [1]),
      bingoRolls: [1, 2],
      markedCells: [0, 1],
      winners: ['bob'],
      gameState: 'announce_winner' as const,
    };
    const s = run(before, { type: 'start_new_game', payload: { bingoBoard: card2, round: 2 }, seq: 5 });
    expect(s.bingoBoard?.[0]?.[0]).toEqual({ number: 6, marked: false });
    expect(s.bingoBoard?.[2]?.[2]).toEqual({ number: 0, marked: true });
    expect(s).toMatchObject({ bingoRolls: [], winners: [], markedCells: [0], round: 2, gameState: 'bingo' });
    expect(s.playerArr.every((p) => !p.hasBingo)).toBe(true);
    // Staff get no card.
    expect(
      run(before, { type: 'start_new_game', payload: { bingoBoard: null, round: 2 } }).bingoBoard,
    ).toBeNull();
  });

  it("join_room with 'Lobby not open' closes the lobby flag", () => {
    const s = run(
      { ...initialGameState, lobbyOpen: true },
      { type: 'join_room', payload: { message: 'Lobby not open' } },
    );
    expect(s.lobbyOpen).toBe(false);
    expect(s.lobbyRefused).toBe(true);
  });

  it('join_room adds the player once, sets bingo, takes the board if none yet, rolls and the flag', () => {
    const join = (board: number[][]): GameAction => ({
      type: 'join_room',
      payload: { username: 'cy', bingoBoard: board, bingoRolls: [3], hideRollAnimation: true },
    });
    const s = run(withPlayers, join(card));
    expect(s.playerArr.map((p) => p.username)).toEqual(['ann', 'bob', 'cy']);
    expect(s.playerArr[2]).toEqual({ username: 'cy', isReady: false, hasBingo: false });
    expect(s).toMatchObject({ gameState: 'bingo', bingoRolls: [3], hideRollAnimation: true });
    expect(s.bingoBoard?.[0]?.[0]?.number).toBe(1);
    const again = run(s, join(card2));
    expect(again.playerArr).toHaveLength(3);
    expect(again.bingoBoard?.[0]?.[0]?.number).toBe(1);
  });

  it('get_random_roll appends the roll and sets the roll state', () => {
    const s = run(
      { ...initialGameState, bingoRolls: [4] },
      { type: 'get_random_roll', payload: { roll: 70 }, seq: 9 },
    );
    expect(s.bingoRolls).toEqual([4, 70]);
    expect(s.gameState).toBe('roll');
  });

  it('get_timer_option sets time, isRunning, isPaused and the server end time', () => {
    const s = run(initialGameState, {
      type: 'get_timer_option',
      payload: { time: 45, isRunning: true, isPaused: false, endsAt: '2026-01-01T00:00:45.000Z' },
    });
    expect(s).toMatchObject({
      time: 45,
      isRunning: true,
      isPaused: false,
      endsAt: '2026-01-01T00:00:45.000Z',
    });
  });

  it('get_content sets type, id, the item and the content state', () => {
    const s = run(initialGameState, {
      type: 'get_content',
      payload: { contentId: 9, contentType: 'OTHER', content },
    });
    expect(s).toMatchObject({ contentId: 9, contentType: 'OTHER', content, gameState: 'content' });
  });

  it('leave_room removes the player', () => {
    const s = run(withPlayers, { type: 'leave_room', payload: { username: 'ann' } });
    expect(s.playerArr.map((p) => p.username)).toEqual(['bob']);
  });

  it('game_end resets everything with connectionClosed', () => {
    const s = run(
      { ...withPlayers, bingoRolls: [1], gameStarted: true, lastSeq: 4 },
      { type: 'game_end', payload: { connectionClosed: true }, seq: 5 },
    );
    expect(s).toEqual({ ...initialGameState, connectionClosed: true, lastSeq: 5 });
  });

  it('game_over: state game_over, the player has bingo, a new winner once, the winning audio', () => {
    const over: GameAction = { type: 'game_over', payload: { username: 'ann', winnerAudio: '/w.wav' } };
    const s = run(withPlayers, over, over);
    expect(s.gameState).toBe('game_over');
    expect(s.playerArr[0]).toMatchObject({ username: 'ann', hasBingo: true });
    expect(s.winners).toEqual(['ann']);
    expect(s.winnerAudio).toBe('/w.wav');
  });

  it('ready marks the player ready and sets the bingo state', () => {
    const s = run({ ...withPlayers, gameState: 'content' }, { type: 'ready', payload: { username: 'ann' } });
    expect(s.playerArr[0]?.isReady).toBe(true);
    expect(s.gameState).toBe('bingo');
  });

  it('mark_cell marks the matching cell, and only a rolled number', () => {
    const base = { ...initialGameState, bingoBoard: toBoard(card), bingoRolls: [16] };
    const s = run(base, { type: 'mark_cell', payload: { number: 16 } });
    expect(s.bingoBoard?.[0]?.[1]).toEqual({ number: 16, marked: true });
    expect(s.markedCells).toEqual([0, 16]);
    expect(run(base, { type: 'mark_cell', payload: { number: 17 } })).toBe(base);
  });

  it('update_board marks every cell whose number is in the rolls', () => {
    const s = run(
      { ...initialGameState, bingoBoard: toBoard(card), bingoRolls: [1, 2, 99] },
      { type: 'update_board' },
    );
    expect(
      s.bingoBoard
        ?.flat()
        .filter((c) => c.marked)
        .map((c) => c.number),
    ).toEqual([1, 2, 0]);
  });

  it('user_joined adds the player if new', () => {
    const s = run(
      withPlayers,
      { type: 'user_joined', payload: { username: 'ann' } },
      { type: 'user_joined', payload: { username: 'cy' } },
    );
    expect(s.playerArr.map((p) => p.username)).toEqual(['ann', 'bob', 'cy']);
  });

  it('Reconnected merges the missed rolls', () => {
    const s = run(
      { ...initialGameState, bingoRolls: [1, 2] },
      { type: 'Reconnected', payload: { missedRolls: [2, 3, 4] } },
    );
    expect(s.bingoRolls).toEqual([1, 2, 3, 4]);
  });

  it('timer_running sets isRunning', () => {
    expect(run(initialGameState, { type: 'timer_running', payload: { isRunning: true } }).isRunning).toBe(
      true,
    );
  });

  it('hide_roll_animation sets the flag', () => {
    const s = run(initialGameState, { type: 'hide_roll_animation', payload: { hideRollAnimation: true } });
    expect(s.hideRollAnimation).toBe(true);
  });

  it('leave_game resets the state', () => {
    expect(run({ ...withPlayers, gameStarted: true }, { type: 'leave_game' })).toEqual(initialGameState);
  });

  it('error_event keeps the error to show, each one counted', () => {
    const err: GameAction = { type: 'error_event', payload: { error: 'No bingo yet: keep playing' } };
    const s = run(initialGameState, err, err);
    expect(s.error).toEqual({ text: 'No bingo yet: keep playing', count: 2 });
  });

  it('set_game_state with a state name sets any state', () => {
    for (const name of ['lobby', 'bingo', 'roll', 'content', 'game_over', 'announce_winner'] as const) {
      expect(run(initialGameState, { type: 'set_game_state', payload: { gameState: name } }).gameState).toBe(
        name,
      );
    }
  });

  it('set_game_state with a snapshot restores the room; a reload gets the same card, marks kept only on it', () => {
    const s = run(initialGameState, { type: 'set_game_state', payload: snapshot(), seq: 12 });
    expect(s).toMatchObject({
      lobbyOpen: true,
      gameStarted: true,
      bingoRolls: [1, 2],
      time: 30,
      isRunning: true,
      endsAt: '2026-01-01T00:00:30.000Z',
      hideRollAnimation: true,
      lastSeq: 12,
      sessionName: 'Warm-up',
    });
    expect(s.bingoBoard?.[0]?.[0]).toEqual({ number: 1, marked: false });
    const marked = run(s, { type: 'mark_cell', payload: { number: 2 } });
    const again = run(marked, { type: 'set_game_state', payload: snapshot({ bingoRolls: [1, 2, 3] }) });
    expect(again.bingoBoard?.[1]?.[0]).toEqual({ number: 2, marked: true });
    expect(again.markedCells).toEqual([0, 2]);
    const other = run(marked, { type: 'set_game_state', payload: snapshot({ bingoBoard: card2 }) });
    expect(other.markedCells).toEqual([0]);
    expect(
      run(s, { type: 'set_game_state', payload: { ...snapshot({ contentId: 9 }), content } }).content,
    ).toBe(content);
  });

  it('counts the players: the list when there is one, the snapshot count in a room too big to list', () => {
    let s = run(initialGameState, { type: 'set_game_state', payload: snapshot() });
    expect(s.playerCount).toBe(1);
    s = run(s, { type: 'user_joined', payload: { username: 'bob' } });
    s = run(s, { type: 'user_joined', payload: { username: 'bob' } });
    expect(s.playerCount).toBe(2);
    s = run(s, { type: 'leave_room', payload: { username: 'ann' } });
    expect(s.playerCount).toBe(1);
    const big = run(initialGameState, {
      type: 'set_game_state',
      payload: snapshot({ playerArr: [], playerCount: 250 }),
    });
    expect(big).toMatchObject({ playerArr: [], playerCount: 250 });
  });

  it("keeps the server's protocol version from the snapshot", () => {
    expect(initialGameState.protocolVersion).toBeNull();
    const s = run(initialGameState, { type: 'set_game_state', payload: snapshot({ protocolVersion: 2 }) });
    expect(s.protocolVersion).toBe(2);
  });

  it('keeps the content sent this round: from the snapshot, each get_content, cleared by a new game', () => {
    expect(initialGameState.sentContentIds).toBeNull();
    let s = run(initialGameState, { type: 'set_game_state', payload: snapshot({ sentContentIds: [4] }) });
    expect(s.sentContentIds).toEqual([4]);
    const sent = (contentId: number) =>
      ({ type: 'get_content', payload: { contentId, contentType: 'OTHER', content: null } }) as const;
    s = run(run(run(s, sent(6)), sent(4)), sent(8));
    expect(s.sentContentIds).toEqual([4, 6, 8]);
    s = run(s, { type: 'start_new_game', payload: { bingoBoard: null, round: 2 } });
    expect(s.sentContentIds).toEqual([]);
  });

  it('remembers the highest seq seen, whatever the order', () => {
    const s = run(
      initialGameState,
      { type: 'open_lobby', payload: { lobbyOpen: true }, seq: 8 },
      { type: 'user_joined', payload: { username: 'x' }, seq: 3 },
    );
    expect(s.lastSeq).toBe(8);
  });
});
