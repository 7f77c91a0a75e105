import { english } from '@playshop/messages/english';
import { FREE_CELL, winningLines } from '@playshop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealCard } from './cards';
import {
  type Actor,
  type ApplyContext,
  apply,
  currentSession,
  fold,
  GAME_ERRORS,
  type GameCommand,
  type GameEvent,
  type GameState,
  gate,
  initialGameState,
  isStored,
  MAX_ANSWER_CHANGES,
  MAX_MARK_CHANGES,
  namedSession,
  pointsTable,
  type QuestionKey,
  queueOf,
  type RoomPlan,
  replay,
  rollsAreValid,
  SYSTEM_ACTOR,
  timerRemaining,
} from './engine';

const facilitator: Actor = { userId: 1, username: 'fac@example.com', role: 'FACILITATOR' };
const alice: Actor = { userId: 10, username: 'alice', role: 'PLAYER' };
const bob: Actor = { userId: 11, username: 'bob', role: 'PLAYER' };

function counter(seed = 1): ApplyContext['randomInt'] {
  let x = seed;
  return (min, max) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return min + (x % (max - min));
  };
}
/** A workshop of two sessions: two items, then one. */
const plan: RoomPlan = {
  sessions: [
    {
      id: 100,
      name: 'Welcome',
      content: [
        { contentId: 1, contentType: 'VIDEO', title: 'Intro' },
        { contentId: 2, contentType: 'QUESTION', title: 'Quiz' },
      ],
    },
    { id: 200, name: 'Safety', content: [{ contentId: 3, contentType: 'IMAGE', title: 'Signs' }] },
  ],
};
/** The quiz (content 2): three options, the first correct. */
const quizKey: QuestionKey = {
  options: [
    { id: 21, name: 'Leave by the nearest exit' },
    { id: 22, name: 'Take the lift' },
    { id: 23, name: 'Finish your card' },
  ],
  correct: 21,
};
const ctx = (now = new Date('2026-11-21T10:00:00Z'), seed = 1): ApplyContext => ({
  now,
  randomInt: counter(seed),
  plan,
  questions: new Map([[2, quizKey]]),
  orgExpiry: null,
  hideRollAnimation: false,
});

/** Applies commands in order, folding each result; throws on an unexpected error. */
function run(
  state: GameState,
  steps: [Actor, GameCommand][],
  context = ctx(),
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [actor, command] of steps) {
    const result = apply(state, actor, command, context);
    if ('error' in result) throw new Error(`${command.action} by ${actor.username}: ${result.error}`);
    events.push(...result.events);
    state = result.events.reduce(fold, state);
  }
  return { state, events };
}

const started = () =>
  run(initialGameState(), [
    [facilitator, { action: 'open_lobby' }],
    [alice, { action: 'join_room' }],
    [bob, { action: 'join_room' }],
    [facilitator, { action: 'start_game' }],
  ]).state;

describe('fold, event by event', () => {
  it('opens the lobby', () => {
    expect(fold(initialGameState(), { type: 'lobby_opened' })).toMatchObject({
      lobbyOpen: true,
      state: 'lobby',
      seq: 1,
    });
  });

  it('adds, returns, readies and removes players', () => {
    const card = dealCard(counter());
    let s = fold(initialGameState(), { type: 'player_joined', userId: 10, username: 'alice', card });
    expect(s.players.get(10)).toEqual({
      userId: 10,
      username: 'alice',
      card,
      marks: [],
      markChanges: 0,
      isReady: false,
      hasBingo: false,
      present: true,
    });
    expect(s.presentCount).toBe(1);
    s = fold(s, { type: 'player_ready', userId: 10 });
    expect(s.players.get(10)!.isReady).toBe(true);
    s = fold(s, { type: 'player_left', userId: 10 });
    expect(s.players.get(10)).toMatchObject({ present: false, card });
    expect(s.presentCount).toBe(0);
    s = fold(s, { type: 'player_returned', userId: 10 });
    expect(s.players.get(10)).toMatchObject({ present: true, card });
    // Presence is not stored: it leaves the sequence alone.
    expect(s.seq).toBe(2);
  });

  it('starts, rolls, sends content, sets timers and states', () => {
    let s = fold(initialGameState(), { type: 'game_started', hideRollAnimation: true });
    expect(s).toMatchObject({ started: true, state: 'bingo', hideRollAnimation: true });
    s = fold(s, { type: 'ball_rolled', number: 42 });
    expect(s).toMatchObject({ rolls: [42], state: 'roll' });
    s = fold(s, { type: 'content_sent', contentId: 7, contentType: 'VIDEO' });
    expect(s).toMatchObject({ content: { contentId: 7, contentType: 'VIDEO' }, state: 'content' });
    s = fold(s, {
      type: 'timer_set',
      seconds: 30,
      startedAt: '2026-11-21T10:00:00.000Z',
      isRunning: true,
      isPaused: false,
    });
    expect(s.timer).toEqual({
      seconds: 30,
      startedAt: '2026-11-21T10:00:00.000Z',
      isRunning: true,
      isPaused: false,
    });
    s = fold(s, {
      type: 'timer_set',
      seconds: 0,
      startedAt: '2026-11-21T10:00:05.000Z',
      isRunning: false,
      isPaused: false,
    });
    expect(s.timer).toBeNull();
    s = fold(s, { type: 'state_set', state: 'announce_winner' });
    expect(s.state).toBe('announce_winner');
    s = fold(s, { type: 'roll_animation_set', hidden: false });
    expect(s.hideRollAnimation).toBe(false);
    s = fold(s, { type: 'game_ended' });
    expect(s).toMatchObject({ ended: true, lobbyOpen: false, seq: 8 });
  });

  it('records a winner once and deals new cards on a new round', () => {
    const card = dealCard(counter());
    let s = fold(initialGameState(), { type: 'player_joined', userId: 10, username: 'alice', card });
    s = fold(s, { type: 'ball_rolled', number: 3 });
    s = fold(s, {
      type: 'bingo',
      userId: 10,
      username: 'alice',
      lines: ['row-0'],
      at: '2026-11-21T10:00:00.000Z',
    });
    expect(s).toMatchObject({
      state: 'game_over',
      winners: [{ userId: 10, username: 'alice', lines: ['row-0'] }],
    });
    expect(s.players.get(10)!.hasBingo).toBe(true);
    const fresh = dealCard(counter(99));
    s = fold(s, { type: 'new_round', cards: { 10: fresh } });
    expect(s).toMatchObject({ round: 2, rolls: [], winners: [], state: 'bingo', content: null, timer: null });
    expect(s.players.get(10)).toMatchObject({ card: fresh, hasBingo: false });
  });

  it('remembers the content sent this round, once each, until a new round', () => {
    let s = fold(initialGameState(), { type: 'game_started', hideRollAnimation: false });
    for (const contentId of [7, 3, 7]) s = fold(s, { type: 'content_sent', contentId, contentType: 'OTHER' });
    expect(s.sentContentIds).toEqual([7, 3]);
    s = fold(s, { type: 'new_round', cards: {} });
    expect(s.sentContentIds).toEqual([]);
  });
});

describe('apply', () => {
  it('lets only staff run the game', () => {
    const s = started();
    for (const command of [
      { action: 'get_roll' },
      { action: 'open_lobby' },
      { action: 'start_new_game' },
      { action: 'game_over' },
      { action: 'send_content', contentId: 1, contentType: 'OTHER' },
      { action: 'send_next_content' },
      { action: 'timer', timerOption: 30, isRunning: true, isPaused: false },
      { action: 'game_state', gameState: 'announce_winner' },
    ] satisfies GameCommand[]) {
      expect(apply(s, alice, command, ctx())).toEqual({ error: GAME_ERRORS.notStaff });
    }
  });

  it("refuses players before the lobby opens: 'Lobby not open'", () => {
    expect(english('game.lobbyNotOpen')).toBe('Lobby not open');
    expect(apply(initialGameState(), alice, { action: 'join_room' }, ctx())).toEqual({
      error: 'game.lobbyNotOpen',
    });
  });

  it('gives a player the same card when they come back', () => {
    let s = started();
    const card = s.players.get(alice.userId)!.card;
    s = run(s, [[alice, { action: 'leave_room' }]]).state;
    const back = run(s, [[alice, { action: 'join_room' }]]);
    expect(back.events).toEqual([{ type: 'player_returned', userId: alice.userId }]);
    expect(back.state.players.get(alice.userId)!.card).toEqual(card);
  });

  it('deals late arrivals in', () => {
    const carol: Actor = { userId: 12, username: 'carol', role: 'PLAYER' };
    const s = run(started(), [
      [facilitator, { action: 'get_roll' }],
      [carol, { action: 'join_room' }],
    ]).state;
    expect(s.players.get(carol.userId)).toMatchObject({ present: true, hasBingo: false });
  });

  it('never rolls a number twice and stops at 75', () => {
    let s = started();
    const steps: [Actor, GameCommand][] = Array.from({ length: 75 }, () => [
      facilitator,
      { action: 'get_roll' },
    ]);
    s = run(s, steps).state;
    expect(rollsAreValid(s.rolls)).toBe(true);
    expect(s.rolls).toHaveLength(75);
    expect(apply(s, facilitator, { action: 'get_roll' }, ctx())).toEqual({ error: GAME_ERRORS.allRolled });
  });

  it('refuses a false claim and records a true one once', () => {
    const s = started();
    expect(apply(s, alice, { action: 'check_win' }, ctx())).toEqual({ error: GAME_ERRORS.noBingo });
    // Roll exactly the numbers of Alice's first row.
    const row: number[] = s.players.get(alice.userId)!.card[0]!;
    s.rolls = row.filter((n) => n !== FREE_CELL);
    const win = run(s, [[alice, { action: 'check_win' }]]);
    expect(win.events).toEqual([
      {
        type: 'bingo',
        userId: alice.userId,
        username: 'alice',
        lines: ['row-0'],
        at: '2026-11-21T10:00:00.000Z',
        sound: expect.stringMatching(/^\/sounds\/winner-[1-7]\.wav$/),
        prize: 0,
      },
    ]);
    expect(run(win.state, [[alice, { action: 'check_win' }]]).events).toEqual([]);
    expect(win.state.winners).toHaveLength(1);
  });

  it('only accepts the timer choices of 20 to 120 seconds in steps of 5, or 0 to cancel', () => {
    const s = started();
    for (const seconds of [0, 20, 25, 120])
      expect(
        'events' in
          apply(
            s,
            facilitator,
            { action: 'timer', timerOption: seconds, isRunning: true, isPaused: false },
            ctx(),
          ),
      ).toBe(true);
    for (const seconds of [-5, 5, 19, 21, 125, 30.5]) {
      expect(
        apply(
          s,
          facilitator,
          { action: 'timer', timerOption: seconds, isRunning: true, isPaused: false },
          ctx(),
        ),
      ).toEqual({ error: 'game.selectTime' });
    }
  });

  it('closing the lobby ends the game for everyone', () => {
    const s = started();
    // Who is still in the room is written with the end: presence itself is never stored (Insights).
    const closed = run(s, [
      [bob, { action: 'leave_room' }],
      [facilitator, { action: 'close_lobby' }],
    ]);
    expect(closed.events.at(-1)).toEqual({ type: 'game_ended', present: [alice.userId] });
    expect(closed.state).toMatchObject({ ended: true, lobbyOpen: false });
  });

  it("answers 'Room Closed' once the game has ended", () => {
    expect(english('game.roomClosed')).toBe('Room Closed');
    const s = run(started(), [[facilitator, { action: 'game_over' }]]).state;
    expect(apply(s, alice, { action: 'join_room' }, ctx())).toEqual({ error: 'game.roomClosed' });
    expect(apply(s, facilitator, { action: 'get_roll' }, ctx())).toEqual({ error: 'game.roomClosed' });
  });
});

describe('the whole flow in the engine', () => {
  it('sends the queue in order and moves to the next session, then back to the first', () => {
    let s = started();
    expect(queueOf(s, plan).map((q) => q.title)).toEqual(['Intro', 'Quiz']);
    const first = run(s, [[facilitator, { action: 'send_next_content' }]]);
    // Each send names its session and who was in the room (Insights reads both from the log).
    const sent = { sessionId: 100, present: [alice.userId, bob.userId] };
    expect(first.events).toEqual([{ type: 'content_sent', contentId: 1, contentType: 'VIDEO', ...sent }]);
    const second = run(first.state, [[facilitator, { action: 'send_next_content' }]]);
    expect(second.events).toEqual([
      { type: 'content_sent', contentId: 2, contentType: 'QUESTION', question: quizKey, ...sent },
      { type: 'session_advanced', sessionId: 200 },
    ]);
    expect(queueOf(second.state, plan).map((q) => q.title)).toEqual(['Signs']);
    // Issue 28: while the session's last item is up the screens still name its session, not the next.
    expect(currentSession(second.state, plan)?.name).toBe('Safety');
    expect(namedSession(second.state, plan)?.name).toBe('Welcome');
    // Off screen (a roll), the room names the session it is on.
    const rolled = run(second.state, [[facilitator, { action: 'get_roll' }]]).state;
    expect(namedSession(rolled, plan)?.name).toBe('Safety');
    // Start New Game clears the content: the header names the room's session, not the cleared item's.
    const renewed = run(second.state, [[facilitator, { action: 'start_new_game' }]]).state;
    expect(namedSession(renewed, plan)?.name).toBe('Safety');
    const third = run(second.state, [[facilitator, { action: 'send_next_content' }]]);
    expect(third.events.at(-1)).toEqual({ type: 'session_advanced', sessionId: 100 });
    s = third.state;
    expect(queueOf(s, plan).map((q) => q.title)).toEqual(['Intro', 'Quiz']);
  });

  it('sends an item of the queue by id, and refuses content outside it', () => {
    const s = started();
    expect(
      run(s, [[facilitator, { action: 'send_content', contentId: 2, contentType: 'OTHER' }]]).events,
    ).toEqual([
      {
        type: 'content_sent',
        contentId: 2,
        contentType: 'QUESTION',
        question: quizKey,
        sessionId: 100,
        present: [alice.userId, bob.userId],
      },
    ]);
    expect(
      apply(s, facilitator, { action: 'send_content', contentId: 3, contentType: 'OTHER' }, ctx()),
    ).toEqual({
      error: GAME_ERRORS.contentNotFound,
    });
  });

  it('refills the queue and clears content, timer and marks on a new round', () => {
    const s = run(started(), [
      [facilitator, { action: 'send_next_content' }],
      [facilitator, { action: 'timer', timerOption: 30, isRunning: true, isPaused: false }],
    ]).state;
    const next = run(s, [[facilitator, { action: 'start_new_game' }]]).state;
    expect(next).toMatchObject({ content: null, timer: null, sentContentIds: [], round: 2 });
    expect(queueOf(next, plan)).toHaveLength(2);
  });

  it('goes back to the board after a roll only when the clock says, and only for the last ball', () => {
    const s = run(started(), [[facilitator, { action: 'get_roll' }]]).state;
    expect(s.state).toBe('roll');
    expect(run(s, [[SYSTEM_ACTOR, { action: 'settle_roll', rollCount: 0 }]]).events).toEqual([]);
    expect(run(s, [[SYSTEM_ACTOR, { action: 'settle_roll', rollCount: 1 }]]).state.state).toBe('bingo');
  });

  it('announces a winner only when there is one, and refuses states the game sets itself', () => {
    const s = started();
    expect(apply(s, facilitator, { action: 'game_state', gameState: 'announce_winner' }, ctx())).toEqual({
      error: GAME_ERRORS.noWinnerYet,
    });
    for (const state of ['roll', 'content', 'game_over', 'lobby'] as const) {
      expect(apply(s, facilitator, { action: 'game_state', gameState: state }, ctx())).toEqual({
        error: GAME_ERRORS.invalidGameState,
      });
    }
  });

  it("keeps a player's marks, on their own card only, and bounds the changes", () => {
    let s = started();
    const onCard = (x: number) => s.players.get(alice.userId)!.card.some((row) => row.includes(x));
    while (!s.rolls.some(onCard)) s = run(s, [[facilitator, { action: 'get_roll' }]]).state;
    const n = s.rolls.find(onCard)!;
    s = run(s, [[alice, { action: 'mark', number: n, marked: true }]]).state;
    expect(s.players.get(alice.userId)!.marks).toEqual([n]);
    const notMine = Array.from({ length: 75 }, (_, i) => i + 1).find(
      (x) => !s.players.get(alice.userId)!.card.some((row) => row.includes(x)),
    )!;
    expect(apply(s, alice, { action: 'mark', number: notMine, marked: true }, ctx())).toEqual({
      error: GAME_ERRORS.notOnCard,
    });
    for (let i = 0; i < MAX_MARK_CHANGES; i++) {
      const r = apply(s, alice, { action: 'mark', number: n, marked: i % 2 === 1 }, ctx());
      if ('events' in r) for (const e of r.events) fold(s, e);
    }
    expect(
      apply(
        s,
        alice,
        { action: 'mark', number: n, marked: !s.players.get(alice.userId)!.marks.includes(n) },
        ctx(),
      ),
    ).toEqual({
      error: GAME_ERRORS.tooManyChanges,
    });
  });
});

describe('the mark rule (SPEC §4 Player marking)', () => {
  it('marks only a rolled number of the card, and unmarks whatever is marked', () => {
    let s = started();
    const card = s.players
      .get(alice.userId)!
      .card.flat()
      .filter((x) => x > 0);
    const unrolled = card.find((x) => !s.rolls.includes(x))!;
    expect(apply(s, alice, { action: 'mark', number: unrolled, marked: true }, ctx())).toEqual({
      error: GAME_ERRORS.notRolled,
    });
    // Unmarking a number that is not marked changes nothing, rolled or not.
    expect(apply(s, alice, { action: 'mark', number: unrolled, marked: false }, ctx())).toEqual({
      events: [],
    });
    while (!s.rolls.includes(unrolled)) s = run(s, [[facilitator, { action: 'get_roll' }]]).state;
    s = run(s, [[alice, { action: 'mark', number: unrolled, marked: true }]]).state;
    expect(s.players.get(alice.userId)!.marks).toEqual([unrolled]);
    s = run(s, [[alice, { action: 'mark', number: unrolled, marked: false }]]).state;
    expect(s.players.get(alice.userId)!.marks).toEqual([]);
  });
});

describe('the lifecycle gate', () => {
  const expired = { now: new Date('2026-11-21T10:00:00Z'), orgExpiry: '2026-11-20' };
  const current = { now: expired.now, orgExpiry: '2026-11-21' };
  const admin: Actor = { userId: 2, username: 'root@example.com', role: 'SUPER_ADMIN' };

  it('locks everyone but a super admin (and the room clock) out once the licence has ended', () => {
    for (const actor of [facilitator, alice]) {
      expect(gate(started(), true, actor, { action: 'get_roll' }, expired)).toEqual({
        error: 'errors.orgExpired',
      });
      expect(gate(started(), true, actor, { action: 'get_roll' }, current)).toEqual({ next: 'apply' });
    }
    expect(gate(started(), true, admin, { action: 'get_roll' }, expired)).toEqual({ next: 'apply' });
    expect(gate(started(), true, SYSTEM_ACTOR, { action: 'get_roll' }, expired)).toEqual({ next: 'apply' });
  });

  it('opens a fresh game only for a lobby opened with no game or after the last one ended', () => {
    const ended = run(started(), [[facilitator, { action: 'game_over' }]]).state;
    expect(gate(initialGameState(), false, facilitator, { action: 'open_lobby' }, current)).toEqual({
      next: 'fresh_game',
    });
    expect(gate(ended, true, facilitator, { action: 'open_lobby' }, current)).toEqual({ next: 'fresh_game' });
    expect(gate(started(), true, facilitator, { action: 'open_lobby' }, current)).toEqual({ next: 'apply' });
  });

  it('refuses every other command between games; staff joining see the room as it is', () => {
    const ended = run(started(), [[facilitator, { action: 'game_over' }]]).state;
    for (const [state, hasGame] of [
      [initialGameState(), false],
      [ended, true],
    ] as const) {
      expect(gate(state, hasGame, facilitator, { action: 'join_room' }, current)).toEqual({
        next: 'snapshot',
      });
      expect(gate(state, hasGame, facilitator, { action: 'get_roll' }, current)).toEqual({
        error: 'game.openLobbyFirst',
      });
      expect(gate(state, hasGame, alice, { action: 'join_room' }, current)).toEqual({
        error: 'game.lobbyNotOpen',
      });
    }
  });

  it("starts a new game with the organization's roll-animation setting", () => {
    const hidden = { ...ctx(), hideRollAnimation: true };
    expect(apply(initialGameState(), facilitator, { action: 'open_lobby' }, hidden)).toEqual({
      events: [{ type: 'lobby_opened' }, { type: 'roll_animation_set', hidden: true }],
    });
    expect(apply(initialGameState(), facilitator, { action: 'open_lobby' }, ctx())).toEqual({
      events: [{ type: 'lobby_opened' }],
    });
  });
});

describe('prizes and auto-call', () => {
  /** Calls exactly the numbers of these cells of Alice's card. */
  const call = (s: GameState, cells: number[]) => {
    const card = s.players.get(alice.userId)!.card;
    s.rolls = cells.map((i) => card[Math.floor(i / 5)]![i % 5]!).filter((n) => n !== FREE_CELL);
    return s;
  };

  it('plays the prizes in order: a line, then four corners, on the same cards', () => {
    let s = run(started(), [
      [facilitator, { action: 'set_prizes', prizes: [{ kind: 'any_line' }, { kind: 'four_corners' }] }],
    ]).state;
    s = call(s, [0, 1, 2, 3, 4]);
    s = run(s, [[alice, { action: 'check_win' }]]).state;
    expect(s.prizeIndex).toBe(1);
    // Claiming the line again does nothing; after another ball the card is checked against four
    // corners: 0 and 4 are called, 20 and 24 not.
    expect(apply(s, alice, { action: 'check_win' }, ctx())).toEqual({ events: [] });
    s = call(s, [0, 1, 2, 3, 4, 5]);
    expect(apply(s, alice, { action: 'check_win' }, ctx())).toEqual({ error: GAME_ERRORS.noBingo });
    s = call(s, [0, 1, 2, 3, 4, 20, 24]);
    const win = run(s, [[alice, { action: 'check_win' }]]);
    expect(win.events[0]).toMatchObject({ type: 'bingo', prize: 1, lines: ['four_corners'] });
    expect(win.state.winners.map((w) => w.prize)).toEqual([0, 1]);
  });

  it('changes the pattern only before the first ball of a round', () => {
    const s = run(started(), [[facilitator, { action: 'get_roll' }]]).state;
    expect(apply(s, facilitator, { action: 'set_prizes', prizes: [{ kind: 'x' }] }, ctx())).toEqual({
      error: GAME_ERRORS.roundUnderway,
    });
  });

  it('pauses auto-call on a true claim, and not on a false one', () => {
    let s = run(started(), [[facilitator, { action: 'set_auto_call', seconds: 10 }]]).state;
    expect(s.autoCall).toEqual({ seconds: 10, paused: false });
    expect(apply(s, alice, { action: 'check_win' }, ctx())).toEqual({ error: GAME_ERRORS.noBingo });
    s = call(s, [0, 1, 2, 3, 4]);
    const win = run(s, [[alice, { action: 'check_win' }]]);
    expect(win.events.map((e) => e.type)).toEqual(['bingo', 'auto_call_paused']);
    expect(win.state.autoCall).toEqual({ seconds: 10, paused: true });
    expect(run(win.state, [[facilitator, { action: 'resume_auto_call' }]]).state.autoCall?.paused).toBe(
      false,
    );
    expect(apply(s, facilitator, { action: 'set_auto_call', seconds: 5 }, ctx())).toHaveProperty('error');
    expect(apply(s, alice, { action: 'pause_auto_call' }, ctx())).toEqual({ error: GAME_ERRORS.notStaff });
  });
});

describe('questions that count', () => {
  const carol: Actor = { userId: 12, username: 'carol', role: 'PLAYER' };
  const asked = () =>
    run(started(), [
      [carol, { action: 'join_room' }],
      [facilitator, { action: 'send_content', contentId: 2, contentType: 'OTHER' }],
    ]).state;
  const answer = (contentId: number, choice: number): GameCommand => ({
    action: 'answer_question',
    contentId,
    choice,
  });

  it('takes one answer per player, changeable, and keeps the tally as answers come', () => {
    let s = asked();
    expect(s.question).toMatchObject({ contentId: 2, correct: 21, closed: false, revealed: false });
    const first = run(s, [[alice, answer(2, 22)]]);
    expect(first.events).toEqual([
      {
        type: 'question_answered',
        contentId: 2,
        userId: alice.userId,
        username: 'alice',
        choice: 22,
        at: '2026-11-21T10:00:00.000Z',
      },
    ]);
    s = run(first.state, [
      [bob, answer(2, 21)],
      [alice, answer(2, 21)],
      [carol, answer(2, 23)],
    ]).state;
    // Alice changed her mind: her first answer no longer counts.
    expect([...s.question!.counts]).toEqual([
      [22, 0],
      [21, 2],
      [23, 1],
    ]);
    expect(s.question!.answers.get(alice.userId)).toMatchObject({ choice: 21, changes: 1 });
    // The same answer again changes nothing.
    expect(apply(s, alice, answer(2, 21), ctx())).toEqual({ events: [] });
  });

  it('refuses answers to a question not on screen, to a closed one, and options it does not have', () => {
    const s = asked();
    expect(apply(s, alice, answer(1, 21), ctx())).toEqual({ error: GAME_ERRORS.questionNotAsked });
    expect(apply(s, alice, answer(2, 99), ctx())).toEqual({ error: GAME_ERRORS.notAnAnswer });
    expect(apply(s, facilitator, answer(2, 21), ctx())).toEqual({ error: GAME_ERRORS.notPlayer });
    const away = run(s, [[alice, { action: 'leave_room' }]]).state;
    expect(apply(away, alice, answer(2, 21), ctx())).toEqual({ error: GAME_ERRORS.notInRoom });
    const closed = run(s, [[facilitator, { action: 'close_question', contentId: 2 }]]).state;
    expect(apply(closed, bob, answer(2, 21), ctx())).toEqual({ error: GAME_ERRORS.questionClosed });
    // Other content takes the question off screen.
    const moved = run(s, [
      [facilitator, { action: 'send_content', contentId: 1, contentType: 'OTHER' }],
    ]).state;
    expect(moved.question).toBeNull();
    expect(apply(moved, bob, answer(2, 21), ctx())).toEqual({ error: GAME_ERRORS.questionNotAsked });
    // Content that is no question with one correct answer is not a question to answer.
    const video = run(started(), [
      [facilitator, { action: 'send_content', contentId: 1, contentType: 'OTHER' }],
    ]).state;
    expect(apply(video, alice, answer(1, 21), ctx())).toEqual({ error: GAME_ERRORS.questionNotAsked });
  });

  it('bounds the changes of one answer', () => {
    let s = asked();
    s = run(s, [[alice, answer(2, 21)]]).state;
    for (let i = 0; i < MAX_ANSWER_CHANGES; i++)
      s = run(s, [[alice, answer(2, i % 2 === 0 ? 22 : 21)]]).state;
    const other = s.question!.answers.get(alice.userId)!.choice === 21 ? 22 : 21;
    expect(apply(s, alice, answer(2, other), ctx())).toEqual({ error: GAME_ERRORS.tooManyAnswerChanges });
  });

  it('lets only staff close, reveal and show the points; reveal closes the question first', () => {
    const s = asked();
    for (const command of [
      { action: 'close_question', contentId: 2 },
      { action: 'reveal_answer', contentId: 2 },
      { action: 'set_points_table', shown: true },
    ] satisfies GameCommand[]) {
      expect(apply(s, alice, command, ctx())).toEqual({ error: GAME_ERRORS.notStaff });
    }
    expect(apply(s, facilitator, { action: 'close_question', contentId: 1 }, ctx())).toEqual({
      error: GAME_ERRORS.questionNotAsked,
    });
    const revealed = run(s, [[facilitator, { action: 'reveal_answer', contentId: 2 }]]);
    expect(revealed.events).toEqual([
      { type: 'question_closed', contentId: 2 },
      { type: 'answer_revealed', contentId: 2 },
    ]);
    expect(revealed.state.question).toMatchObject({ closed: true, revealed: true });
    expect(run(revealed.state, [[facilitator, { action: 'reveal_answer', contentId: 2 }]]).events).toEqual(
      [],
    );
    expect(run(revealed.state, [[facilitator, { action: 'close_question', contentId: 2 }]]).events).toEqual(
      [],
    );
    const shown = run(s, [[facilitator, { action: 'set_points_table', shown: true }]]);
    expect(shown.events).toEqual([{ type: 'points_table_set', shown: true }]);
    expect(run(shown.state, [[facilitator, { action: 'set_points_table', shown: true }]]).events).toEqual([]);
  });

  it('scores 1 per correct answer once revealed and 5 per bingo win, per round', () => {
    let s = run(asked(), [
      [alice, answer(2, 21)],
      [bob, answer(2, 22)],
    ]).state;
    // Before the reveal nobody has scored.
    expect(pointsTable(s).every((r) => r.points === 0)).toBe(true);
    s = run(s, [[facilitator, { action: 'reveal_answer', contentId: 2 }]]).state;
    const row: number[] = s.players.get(bob.userId)!.card[0]!;
    s.rolls = row.filter((n) => n !== FREE_CELL);
    s = run(s, [[bob, { action: 'check_win' }]]).state;
    expect(pointsTable(s)).toEqual([
      { username: 'bob', correctAnswers: 0, wins: 1, points: 5 },
      { username: 'alice', correctAnswers: 1, wins: 0, points: 1 },
      { username: 'carol', correctAnswers: 0, wins: 0, points: 0 },
    ]);
    // A removed player is out of the table.
    s = run(s, [[facilitator, { action: 'remove_player', username: 'alice' }]]).state;
    expect(pointsTable(s).map((r) => r.username)).toEqual(['bob', 'carol']);
    s = run(s, [[facilitator, { action: 'start_new_game' }]]).state;
    expect(s.question).toBeNull();
    expect(pointsTable(s).every((r) => r.points === 0)).toBe(true);
  });
});

describe('timerRemaining', () => {
  const timer = { seconds: 30, startedAt: '2026-11-21T10:00:00.000Z', isRunning: true, isPaused: false };
  it('counts down from server time and stops at 0', () => {
    expect(timerRemaining(timer, new Date('2026-11-21T10:00:00Z'))).toBe(30);
    expect(timerRemaining(timer, new Date('2026-11-21T10:00:12.400Z'))).toBe(18);
    expect(timerRemaining(timer, new Date('2026-11-21T10:01:00Z'))).toBe(0);
    expect(timerRemaining(null, new Date())).toBe(0);
  });
});

describe('any sequence of commands', () => {
  const actors = [facilitator, alice, bob];
  const commandArb: fc.Arbitrary<GameCommand> = fc.oneof(
    fc.constantFrom<GameCommand>(
      { action: 'open_lobby' },
      { action: 'join_room' },
      { action: 'leave_room' },
      { action: 'ready' },
      { action: 'start_game' },
      { action: 'get_roll' },
      { action: 'get_roll' },
      { action: 'get_roll' },
      { action: 'check_win' },
      { action: 'start_new_game' },
      { action: 'game_state', gameState: 'bingo' },
      { action: 'game_state', gameState: 'announce_winner' },
      { action: 'send_next_content' },
      { action: 'send_content', contentId: 2, contentType: 'OTHER' },
      { action: 'settle_roll', rollCount: 1 },
      { action: 'close_question', contentId: 2 },
      { action: 'reveal_answer', contentId: 2 },
      { action: 'set_points_table', shown: true },
      { action: 'set_points_table', shown: false },
    ),
    fc.record({
      action: fc.constant('answer_question' as const),
      contentId: fc.constant(2),
      choice: fc.constantFrom(21, 22, 23, 24),
    }),
    fc.record({
      action: fc.constant('mark' as const),
      number: fc.integer({ min: 1, max: 75 }),
      marked: fc.boolean(),
    }),
  );

  it('keeps the invariants: no repeated balls, every winner truly won, seq counts events', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...actors), commandArb), { maxLength: 300 }),
        fc.nat(),
        (steps, seed) => {
          let state = initialGameState();
          const log: { seq: number; event: GameEvent }[] = [];
          const context = ctx(new Date('2026-11-21T10:00:00Z'), seed + 1);
          for (const [actor, command] of steps) {
            const result = apply(state, actor, command, context);
            if ('error' in result) continue;
            for (const event of result.events) {
              state = fold(state, event);
              if (isStored(event)) log.push({ seq: state.seq, event });
            }
            expect(rollsAreValid(state.rolls)).toBe(true);
            for (const w of state.winners) {
              expect(
                winningLines(state.players.get(w.userId)!.card, new Set(state.rolls)).length,
              ).toBeGreaterThan(0);
            }
            expect(new Set(state.winners.map((w) => w.userId)).size).toBe(state.winners.length);
            // Only rolled numbers are ever marked.
            for (const p of state.players.values())
              for (const mark of p.marks) expect(state.rolls).toContain(mark);
            // The tally is the answers, counted.
            const q = state.question;
            if (q) {
              const counted = [...q.counts.values()].reduce((a, b) => a + b, 0);
              expect(counted).toBe(q.answers.size);
              for (const [choice, n] of q.counts)
                expect([...q.answers.values()].filter((a) => a.choice === choice)).toHaveLength(n);
            }
          }
          expect(state.seq).toBe(log.length);
          // The log brings back everything but presence, which follows sockets.
          const back = replay(log);
          for (const p of state.players.values())
            expect(back.players.get(p.userId)).toEqual({ ...p, present: false });
          expect({ ...back, players: null, presentCount: 0 }).toEqual({
            ...state,
            players: null,
            presentCount: 0,
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
