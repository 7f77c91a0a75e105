import { english, isMessageKey } from '@playshop/messages/english';
import {
  type ContentReply,
  commandSpec,
  keyFields,
  message,
  PROTOCOL_VERSION,
  ZServerMessage,
} from '@playshop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealCard } from './cards';
import {
  type Actor,
  apply,
  fold,
  GAME_ERRORS,
  type GameCommand,
  type GameEvent,
  type GameState,
  initialGameState,
  isStaff,
} from './engine';
import { framesFor, LOBBY_LIST_LIMIT, type RoomView, roomView, snapshotFor, wire } from './frames';

const content: ContentReply = {
  id: 5,
  title: 'T',
  description: 'D',
  script: 'secret notes',
  type: 'QUESTION' as const,
  categoryId: 1,
  category: { id: 1, name: 'C' },
  question: {
    id: 50,
    question: 'Which way out?',
    contentId: 5,
    answers: [
      { id: 51, name: 'The door', url: null, isCorrect: true },
      { id: 52, name: 'The lift', url: null, isCorrect: false },
    ],
  },
  image: null,
  video: null,
};
const view: RoomView = roomView(9, {
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
});
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
    // The round's points start again: staff see the table reset.
    expect(frames.map((f) => [f.to, f.message.type])).toEqual([
      ['staff', 'start_new_game'],
      [1, 'start_new_game'],
      [2, 'start_new_game'],
      ['staff', 'points'],
    ]);
    expect(frames[1]!.message.payload).toEqual({
      bingoBoard: cards[1],
      round: 2,
      queue: null,
      sessionName: 'Welcome',
    });
    expect(frames[0]!.message.payload).toMatchObject({
      bingoBoard: null,
      queue: [{ contentId: 5 }, { contentId: 6 }],
    });
  });

  it("names the room's session on a new round, not the session of the content it cleared (issue 28)", () => {
    const twoSessions: RoomView = roomView(9, {
      plan: {
        sessions: [
          { id: 1, name: 'Welcome', content: [{ contentId: 6, contentType: 'OTHER', title: 'Last' }] },
          { id: 2, name: 'Safety', content: [{ contentId: 7, contentType: 'OTHER', title: 'Next' }] },
        ],
      },
      content: new Map(),
    });
    // The session's last item is on screen and the room has moved on to the next session.
    let state = fold(withPlayers(1), { type: 'game_started', hideRollAnimation: true });
    state = fold(state, { type: 'content_sent', contentId: 6, contentType: 'OTHER' });
    state = fold(state, { type: 'session_advanced', sessionId: 2 });
    const sent = framesFor(
      { type: 'content_sent', contentId: 6, contentType: 'OTHER' },
      state,
      now,
      twoSessions,
    );
    // Named under its own session, with the room's next one for when it leaves the screen.
    for (const f of sent.filter((f) => f.message.type === 'get_content'))
      expect(f.message.payload).toMatchObject({ sessionName: 'Welcome', roomSessionName: 'Safety' });
    const cards = { 1: dealCard(rng()) };
    const after = fold(state, { type: 'new_round', cards });
    const frames = framesFor({ type: 'new_round', cards }, after, now, twoSessions);
    expect(frames.filter((f) => f.message.type === 'start_new_game')).toHaveLength(2);
    for (const f of frames.filter((f) => f.message.type === 'start_new_game'))
      expect(f.message.payload).toMatchObject({ sessionName: 'Safety' });
  });
});

describe('questions in frames', () => {
  const facilitator: Actor = { userId: 999_999, username: 'fac', role: 'FACILITATOR' };
  const players: Actor[] = [1, 2, 3].map((userId) => ({ userId, username: `p${userId}`, role: 'PLAYER' }));
  const ctx = {
    now,
    randomInt: rng(),
    plan: view.plan,
    questions: view.questions,
    orgExpiry: null,
    hideRollAnimation: false,
  };

  /** Applies the commands, collecting every frame and every viewer's snapshot after each. */
  function play(steps: [Actor, GameCommand][]) {
    let state = initialGameState();
    const seen: { frame: unknown; to?: unknown; revealed: boolean; event?: GameEvent }[] = [];
    for (const [actor, command] of steps) {
      const result = apply(state, actor, command, ctx);
      if ('error' in result) continue;
      result.events.forEach((event, i) => {
        state = fold(state, event);
        for (const f of framesFor(event, state, now, view, result.events[i - 1])) {
          seen.push({ frame: f.message, to: f.to, revealed: state.question?.revealed ?? false, event });
        }
      });
      for (const viewer of [facilitator, ...players]) {
        seen.push({
          frame: snapshotFor(state, { userId: viewer.userId, staff: isStaff(viewer) }, now, view),
          revealed: state.question?.revealed ?? false,
        });
      }
    }
    return { state, seen };
  }
  const opening: [Actor, GameCommand][] = [
    [facilitator, { action: 'open_lobby' }],
    ...players.map((p): [Actor, GameCommand] => [p, { action: 'join_room' }]),
    [facilitator, { action: 'start_game' }],
    [facilitator, { action: 'send_content', contentId: 5, contentType: 'QUESTION' }],
  ];

  it("sends the question's options without the correct one, answers privately, the tally to staff", () => {
    const { seen } = play([
      ...opening,
      [players[0]!, { action: 'answer_question', contentId: 5, choice: 52 }],
    ]);
    const content = seen.find(
      (s) => (s.frame as { type?: string }).type === 'get_content' && s.event?.type === 'content_sent',
    )!.frame as { payload: { content: ContentReply; question: unknown } };
    expect(content.payload.content.question?.answers).toEqual([
      { id: 51, name: 'The door', url: null },
      { id: 52, name: 'The lift', url: null },
    ]);
    const answered = seen.filter((s) => s.event?.type === 'question_answered');
    expect(answered.map((s) => [s.to, (s.frame as { type: string }).type])).toEqual([
      [1, 'my_answer'],
      ['staff', 'question_tally'],
    ]);
    expect((answered[0]!.frame as { payload: unknown }).payload).toEqual({ contentId: 5, choice: 52 });
    expect((answered[1]!.frame as { payload: unknown }).payload).toEqual({
      contentId: 5,
      tally: [
        { answerId: 51, count: 0 },
        { answerId: 52, count: 1 },
      ],
    });
  });

  it('restores the question on join: a player their answer, staff the tally, everyone the answer once revealed', () => {
    const { state } = play([
      ...opening,
      [players[0]!, { action: 'answer_question', contentId: 5, choice: 52 }],
      [players[1]!, { action: 'answer_question', contentId: 5, choice: 51 }],
    ]);
    expect(snapshotFor(state, { userId: 1, staff: false }, now, view).question).toEqual({
      contentId: 5,
      myAnswer: 52,
      closed: false,
      correct: null,
      tally: null,
    });
    expect(snapshotFor(state, { userId: 0, staff: true }, now, view).question).toMatchObject({
      myAnswer: null,
      tally: [
        { answerId: 51, count: 1 },
        { answerId: 52, count: 1 },
      ],
    });
    fold(state, { type: 'answer_revealed', contentId: 5 });
    expect(snapshotFor(state, { userId: 2, staff: false }, now, view).question).toMatchObject({
      myAnswer: 51,
      closed: true,
      correct: 51,
      tally: [
        { answerId: 51, count: 1 },
        { answerId: 52, count: 1 },
      ],
    });
    // Points: to staff always, to players only while shown.
    expect(snapshotFor(state, { userId: 2, staff: false }, now, view).points).toEqual({
      shown: false,
      rows: [],
    });
    expect(snapshotFor(state, { userId: 0, staff: true }, now, view).points.rows[0]).toEqual({
      username: 'p2',
      correctAnswers: 1,
      wins: 0,
      points: 1,
    });
    fold(state, { type: 'points_table_set', shown: true });
    expect(snapshotFor(state, { userId: 2, staff: false }, now, view).points.rows).toHaveLength(3);
  });

  it('sends the points to staff, to everyone while shown, and tells players when the table goes', () => {
    const { state } = play(opening);
    const to = (event: GameEvent) =>
      framesFor(event, fold(state, event), now, view)
        .filter((f) => f.message.type === 'points')
        .map((f) => [f.to, (f.message.payload as { rows: unknown[] }).rows.length]);
    expect(to({ type: 'points_table_set', shown: true })).toEqual([['all', 3]]);
    expect(to({ type: 'points_table_set', shown: false })).toEqual([
      ['staff', 3],
      ['players', 0],
    ]);
  });

  const commandArb: fc.Arbitrary<[Actor, GameCommand]> = fc.oneof(
    fc.tuple(
      fc.constantFrom(...players),
      fc.record({
        action: fc.constant('answer_question' as const),
        contentId: fc.constant(5),
        choice: fc.constantFrom(51, 52),
      }),
    ),
    fc.tuple(
      fc.constantFrom(facilitator, ...players),
      fc.constantFrom<GameCommand>(
        { action: 'join_room' },
        { action: 'leave_room' },
        { action: 'get_roll' },
        { action: 'close_question', contentId: 5 },
        { action: 'send_content', contentId: 5, contentType: 'QUESTION' },
        { action: 'send_content', contentId: 6, contentType: 'OTHER' },
        { action: 'set_points_table', shown: true },
        { action: 'set_points_table', shown: false },
        { action: 'start_new_game' },
        { action: 'game_state', gameState: 'bingo' },
      ),
    ),
  );

  it('never puts isCorrect in any frame, nor the correct answer before the reveal', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), fc.boolean(), (steps, reveal) => {
        const { seen, state } = play([
          ...opening,
          ...steps,
          ...(reveal
            ? [[facilitator, { action: 'reveal_answer', contentId: 5 }] as [Actor, GameCommand]]
            : []),
        ]);
        for (const { frame, revealed } of seen) {
          const json = JSON.stringify(frame);
          expect(json).not.toContain('isCorrect');
          expect(
            ZServerMessage.safeParse(
              'type' in (frame as object) ? frame : { type: 'set_game_state', payload: frame, seq: 0 },
            ).error,
          ).toBeUndefined();
          if (!revealed) expect(json).not.toMatch(/"correct":\d/);
        }
        if (reveal && state.question)
          expect(seen.some((s) => (s.frame as { type?: string }).type === 'answer_revealed')).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the frames a command yields', () => {
  const facilitator: Actor = { userId: 999_999, username: 'fac', role: 'FACILITATOR' };
  const players: Actor[] = [1, 2, 3].map((userId) => ({ userId, username: `p${userId}`, role: 'PLAYER' }));
  const ctx = { now, randomInt: rng(), plan: view.plan, questions: view.questions, orgExpiry: null };
  /** Some of each command (typed: a command declared in GAME_COMMANDS and missing here fails to compile). */
  const SAMPLES: { [A in GameCommand['action']]: Extract<GameCommand, { action: A }>[] } = {
    open_lobby: [{ action: 'open_lobby' }],
    close_lobby: [{ action: 'close_lobby' }],
    join_room: [{ action: 'join_room' }],
    reconnect: [{ action: 'reconnect', lastSeq: 0 }],
    leave_room: [{ action: 'leave_room' }],
    ready: [{ action: 'ready' }],
    remove_player: [{ action: 'remove_player', username: 'p3' }],
    start_game: [{ action: 'start_game' }],
    start_new_game: [{ action: 'start_new_game' }],
    game_over: [{ action: 'game_over' }],
    get_roll: [{ action: 'get_roll' }],
    settle_roll: [{ action: 'settle_roll', rollCount: 1 }],
    mark: Array.from({ length: 75 }, (_, i) => ({ action: 'mark' as const, number: i + 1, marked: true })),
    check_win: [{ action: 'check_win' }],
    set_prizes: [{ action: 'set_prizes', prizes: [{ kind: 'four_corners' }] }],
    set_auto_call: [
      { action: 'set_auto_call', seconds: 10 },
      { action: 'set_auto_call', seconds: null },
    ],
    pause_auto_call: [{ action: 'pause_auto_call' }],
    resume_auto_call: [{ action: 'resume_auto_call' }],
    game_state: [
      { action: 'game_state', gameState: 'bingo' },
      { action: 'game_state', gameState: 'announce_winner' },
    ],
    hide_roll_animation: [
      { action: 'hide_roll_animation', hidden: true },
      { action: 'hide_roll_animation', hidden: false },
    ],
    send_next_content: [{ action: 'send_next_content' }],
    send_content: [{ action: 'send_content', contentId: 5, contentType: 'QUESTION' }],
    set_session: [{ action: 'set_session', sessionId: 1 }],
    answer_question: [
      { action: 'answer_question', contentId: 5, choice: 51 },
      { action: 'answer_question', contentId: 5, choice: 52 },
    ],
    close_question: [{ action: 'close_question', contentId: 5 }],
    reveal_answer: [{ action: 'reveal_answer', contentId: 5 }],
    set_points_table: [
      { action: 'set_points_table', shown: true },
      { action: 'set_points_table', shown: false },
    ],
    timer: [
      { action: 'timer', timerOption: 30, isRunning: true, isPaused: false },
      { action: 'timer', timerOption: 0, isRunning: false, isPaused: false },
    ],
  };
  const every = Object.values(SAMPLES).flat();
  const stepArb = fc.tuple(fc.constantFrom(facilitator, ...players), fc.constantFrom(...every));

  it('sends only the frames GAME_COMMANDS declares for each command', () => {
    const opening: [Actor, GameCommand][] = [
      [facilitator, { action: 'open_lobby' }],
      ...players.map((p): [Actor, GameCommand] => [p, { action: 'join_room' }]),
      [facilitator, { action: 'start_game' }],
    ];
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 200 }), fc.nat(), (steps, seed) => {
        let state = initialGameState();
        const context = { ...ctx, randomInt: rng(), hideRollAnimation: seed % 2 === 0 };
        for (const [actor, command] of [...opening, ...steps]) {
          const result = apply(state, actor, command, context);
          if ('error' in result) continue;
          const declared = commandSpec(command.action).yields;
          result.events.forEach((event, i) => {
            state = fold(state, event);
            for (const f of framesFor(event, state, now, view, result.events[i - 1])) {
              expect(declared, `${command.action} sent ${f.message.type}`).toContain(f.message.type);
            }
          });
        }
      }),
      { numRuns: 100 },
    );
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

describe('server messages in frames (protocol 6)', () => {
  it('tells a removed player why with the text’s key beside the English', () => {
    const state = withPlayers(2);
    const [removed] = framesFor({ type: 'player_removed', userId: 1, username: 'p1' }, state, now, view);
    expect(removed?.message).toMatchObject({
      type: 'removed',
      payload: { message: english('game.removedFromRoom'), key: 'game.removedFromRoom' },
    });
    expect(ZServerMessage.safeParse(removed?.message).error).toBeUndefined();
  });

  it('error_event carries an optional key and params; a frame of protocol 5 still parses', () => {
    const current = JSON.parse(
      wire('error_event', { error: english('game.notStaff'), ...keyFields(message('game.notStaff')) }),
    );
    expect(current.payload).toEqual({ error: english('game.notStaff'), key: 'game.notStaff' });
    expect(ZServerMessage.parse(current)).toEqual(current);
    const withParams = {
      type: 'error_event',
      payload: { error: 'x', key: 'errors.contentInUseBy', params: { names: 'A' } },
      seq: 0,
    };
    expect(ZServerMessage.parse(withParams)).toEqual(withParams);
    expect(
      ZServerMessage.safeParse({ type: 'error_event', payload: { error: 'Lobby not open' }, seq: 0 }).success,
    ).toBe(true);
    expect(
      ZServerMessage.safeParse({ type: 'error_event', payload: { error: 'x', key: 7 }, seq: 0 }).success,
    ).toBe(false);
  });

  it('every refusal of the game engine is a key of the English catalogue', () => {
    for (const key of Object.values(GAME_ERRORS)) expect(isMessageKey(key), key).toBe(true);
  });
});
