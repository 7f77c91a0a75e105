import { PROTOCOL_VERSION, type QueueItem, ZServerMessage } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { card, content as oneContent, openQuiz, quiz, snapshot } from '../../../test/game-fixtures';
import { type GameAction, type GameState, gameReducer, initialGameState } from './game-reducer';

const card2 = card.map((row) => row.map((n) => (n === 0 ? 0 : n + 5)));

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const rules = {
  prizes: [{ kind: 'any_line' as const }, { kind: 'full_house' as const }],
  prizeIndex: 1,
  autoCall: { seconds: 20, paused: true },
};
/** A frame as the client gets it: parsed by the shared schema, so a test cannot send what the server cannot. */
const frame = (type: string, payload: unknown, seq = 0) =>
  ZServerMessage.parse({ type, payload, seq }) as GameAction;
const withPlayers: GameState = {
  ...initialGameState,
  playerArr: [
    { username: 'ann', isReady: false, hasBingo: false },
    { username: 'bob', isReady: false, hasBingo: true },
  ],
  playerCount: 2,
};
const content = oneContent!;
const queue: QueueItem[] = [
  { contentId: 4, contentType: 'OTHER', title: 'Exits' },
  { contentId: 6, contentType: 'VIDEO', title: 'Drill' },
];

describe('game reducer: merges what the server says', () => {
  it('open_lobby opens the lobby and keeps the seq', () => {
    const s = run(initialGameState, frame('open_lobby', { lobbyOpen: true }, 1));
    expect(s.lobbyOpen).toBe(true);
    expect(s.lastSeq).toBe(1);
  });

  it('start_game: started, bingo state, rolls, marked [0], the animation flag', () => {
    const s = run(
      { ...initialGameState, markedCells: [0, 5] },
      frame('start_game', { bingoRolls: [7], hideRollAnimation: true }, 2),
    );
    expect(s).toMatchObject({
      gameStarted: true,
      gameState: 'bingo',
      bingoRolls: [7],
      markedCells: [0],
      hideRollAnimation: true,
    });
  });

  it("start_new_game: the new card, no rolls, marks, winners, content or timer; staff get the server's refilled queue", () => {
    const before: GameState = {
      ...withPlayers,
      bingoBoard: card,
      bingoRolls: [1, 2],
      markedCells: [0, 1],
      winners: ['bob'],
      winnerAudio: '/w.wav',
      gameState: 'announce_winner',
      contentId: 9,
      contentType: 'OTHER',
      content,
      time: 30,
      isRunning: true,
      endsAt: '2026-01-01T00:00:30.000Z',
      queue: [],
      // The cleared content came from the session before the one the room is on now.
      sessionName: 'Welcome',
    };
    const s = run(
      before,
      frame('start_new_game', { bingoBoard: card2, round: 2, queue: null, sessionName: 'Safety' }, 5),
    );
    expect(s).toMatchObject({
      bingoBoard: card2,
      bingoRolls: [],
      winners: [],
      winnerAudio: null,
      markedCells: [0],
      round: 2,
      gameState: 'bingo',
      content: null,
      contentId: null,
      contentType: null,
      isRunning: false,
      endsAt: null,
      time: 0,
      queue: [],
      sessionName: 'Safety',
    });
    expect(s.playerArr.every((p) => !p.hasBingo)).toBe(true);
    const staff = run(
      before,
      frame('start_new_game', { bingoBoard: null, round: 2, queue, sessionName: 'Safety' }),
    );
    expect(staff.bingoBoard).toBeNull();
    expect(staff.queue).toEqual(queue);
  });

  it("join_room with 'Lobby not open' closes the lobby flag", () => {
    const s = run(
      { ...initialGameState, lobbyOpen: true },
      frame('join_room', { message: 'Lobby not open' }),
    );
    expect(s).toMatchObject({ lobbyOpen: false, lobbyRefused: true });
  });

  it('join_room takes the board if none yet, the rolls and the flag', () => {
    const join = (board: number[][]) =>
      frame('join_room', { username: 'cy', bingoBoard: board, bingoRolls: [3], hideRollAnimation: true });
    const s = run(initialGameState, join(card));
    expect(s).toMatchObject({
      gameState: 'bingo',
      bingoRolls: [3],
      hideRollAnimation: true,
      bingoBoard: card,
    });
    expect(run(s, join(card2)).bingoBoard).toEqual(card);
  });

  it('get_random_roll appends the roll once and sets the roll state', () => {
    const roll = frame('get_random_roll', { roll: 70 }, 9);
    const s = run({ ...initialGameState, bingoRolls: [4] }, roll, roll);
    expect(s.bingoRolls).toEqual([4, 70]);
    expect(s.gameState).toBe('roll');
  });

  it('get_timer_option sets time, isRunning, isPaused and the server end time', () => {
    const timer = { time: 45, isRunning: true, isPaused: false, endsAt: '2026-01-01T00:00:45.000Z' };
    expect(run(initialGameState, frame('get_timer_option', timer))).toMatchObject(timer);
  });

  it("get_content: the item, the content state, the session's name and (staff) the queue after it", () => {
    const sent = (q: QueueItem[] | null) =>
      frame('get_content', {
        contentId: 9,
        contentType: 'OTHER',
        content,
        question: null,
        sessionName: 'Safety',
        roomSessionName: 'Drills',
        queue: q,
      });
    const staff = run({ ...initialGameState, queue }, sent(queue.slice(1)));
    expect(staff).toMatchObject({ contentId: 9, contentType: 'OTHER', content, gameState: 'content' });
    expect(staff.sessionName).toBe('Safety');
    expect(staff.queue).toEqual(queue.slice(1));
    // A session advance: the server's queue is the next session's content.
    const next: QueueItem[] = [{ contentId: 11, contentType: 'IMAGE', title: 'Map' }];
    expect(run(staff, sent(next)).queue).toEqual(next);
    // Players get no queue: theirs stays as it was.
    expect(run(initialGameState, sent(null)).queue).toBeNull();
  });

  it("content that ended its session: named under it, then the room's next session once a roll or state leaves it", () => {
    const shown = run(
      initialGameState,
      frame('get_content', {
        contentId: 9,
        contentType: 'QUESTION',
        content,
        question: null,
        sessionName: 'Morning',
        roomSessionName: 'Midday',
        queue: null,
      }),
    );
    expect(shown.sessionName).toBe('Morning');
    expect(run(shown, frame('get_random_roll', { roll: 7 })).sessionName).toBe('Midday');
    expect(run(shown, frame('set_game_state', { gameState: 'bingo' })).sessionName).toBe('Midday');
    // A second roll keeps it; content state set again keeps the content's.
    const rolled = run(shown, frame('get_random_roll', { roll: 7 }));
    expect(run(rolled, frame('get_random_roll', { roll: 8 })).sessionName).toBe('Midday');
    expect(run(shown, frame('set_game_state', { gameState: 'content' })).sessionName).toBe('Morning');
  });

  it('user_joined and leave_room: the list by name, the count as the server says', () => {
    let s = run(withPlayers, frame('user_joined', { username: 'cy', playerCount: 3 }));
    s = run(s, frame('user_joined', { username: 'cy', playerCount: 3 }));
    expect(s.playerArr.map((p) => p.username)).toEqual(['ann', 'bob', 'cy']);
    expect(s.playerArr[2]).toEqual({ username: 'cy', isReady: false, hasBingo: false });
    expect(s.playerCount).toBe(3);
    s = run(s, frame('leave_room', { username: 'ann', playerCount: 2 }));
    expect(s.playerArr.map((p) => p.username)).toEqual(['bob', 'cy']);
    expect(s.playerCount).toBe(2);
    // A player in a big room gets counts without a list.
    const big = run(
      { ...initialGameState, playerCount: 250 },
      frame('user_joined', { username: 'x', playerCount: 251 }),
    );
    expect(big.playerCount).toBe(251);
  });

  it('presence: arrivals and departures of one interval at once, a name listed once, the count as the server says', () => {
    let s = run(withPlayers, frame('presence', { joined: ['cy', 'dee'], left: ['ann'], playerCount: 3 }));
    expect(s.playerArr.map((p) => p.username)).toEqual(['bob', 'cy', 'dee']);
    expect(s.playerArr[1]).toEqual({ username: 'cy', isReady: false, hasBingo: false });
    expect(s.playerCount).toBe(3);
    // A snapshot may already list a name the next presence frame brings: it stays once.
    s = run(s, frame('presence', { joined: ['cy'], left: [], playerCount: 3 }));
    expect(s.playerArr.map((p) => p.username)).toEqual(['bob', 'cy', 'dee']);
    // Counts alone (a room past the lobby list) change the count and nothing else.
    s = run(s, frame('presence', { joined: [], left: [], playerCount: 40 }));
    expect(s.playerArr).toHaveLength(3);
    expect(s.playerCount).toBe(40);
  });

  it('game_end resets everything with connectionClosed', () => {
    const s = run(
      { ...withPlayers, bingoRolls: [1], gameStarted: true, lastSeq: 4 },
      frame('game_end', { connectionClosed: true }, 5),
    );
    expect(s).toEqual({ ...initialGameState, connectionClosed: true, lastSeq: 5 });
  });

  it("game_over: state game_over, the server's winners (each flagged), the winning audio", () => {
    const s = run(
      withPlayers,
      frame('game_over', {
        username: 'ann',
        winnerAudio: '/w.wav',
        winners: ['bob', 'ann'],
        wins: [
          { username: 'bob', pattern: 'any_line', prize: 0 },
          { username: 'ann', pattern: 'full_house', prize: 1 },
        ],
        rules,
      }),
    );
    expect(s.gameState).toBe('game_over');
    expect(s.winners).toEqual(['bob', 'ann']);
    expect(s.wins.map((w) => w.pattern)).toEqual(['any_line', 'full_house']);
    expect(s.rules).toEqual(rules);
    expect(s.playerArr.map((p) => p.hasBingo)).toEqual([true, true]);
    expect(s.winnerAudio).toBe('/w.wav');
  });

  it("round_rules: the round's prizes and auto-call as the server says", () => {
    const s = run(withPlayers, frame('round_rules', rules));
    expect(s.rules).toEqual(rules);
  });

  it('ready marks the player ready and sets the bingo state', () => {
    const s = run({ ...withPlayers, gameState: 'content' }, frame('ready', { username: 'ann' }));
    expect(s.playerArr[0]?.isReady).toBe(true);
    expect(s.gameState).toBe('bingo');
  });

  it('ready before the presence frame that lists the player: listed ready, and presence keeps it', () => {
    let s = run(withPlayers, frame('ready', { username: 'cy' }));
    expect(s.playerArr.find((p) => p.username === 'cy')?.isReady).toBe(true);
    s = run(s, frame('presence', { joined: ['cy'], left: [], playerCount: 3 }));
    expect(s.playerArr.filter((p) => p.username === 'cy')).toEqual([
      { username: 'cy', isReady: true, hasBingo: false },
    ]);
  });

  it('mark_cell shows a tap at once, only for a rolled number on the card; marks from the server replace it', () => {
    const base: GameState = { ...initialGameState, bingoBoard: card, bingoRolls: [16, 70] };
    const s = run(base, { type: 'mark_cell', payload: { number: 16 } });
    expect(s.markedCells).toEqual([0, 16]);
    expect(run(base, { type: 'mark_cell', payload: { number: 17 } })).toBe(base);
    expect(run(base, { type: 'mark_cell', payload: { number: 70 } })).toBe(base);
    expect(run(s, { type: 'mark_cell', payload: { number: 16 } })).toBe(s);
    expect(run(s, frame('marks', { markedCells: [16, 17] })).markedCells).toEqual([0, 16, 17]);
    expect(run(s, frame('marks', { markedCells: [] })).markedCells).toEqual([0]);
  });

  it('a roll does not touch the marks: the player keeps marking while the ball shows', () => {
    const s = run(
      { ...initialGameState, bingoBoard: card, bingoRolls: [16], markedCells: [0, 16] },
      frame('get_random_roll', { roll: 17 }),
      { type: 'mark_cell', payload: { number: 17 } },
    );
    expect(s.gameState).toBe('roll');
    expect(s.markedCells).toEqual([0, 16, 17]);
  });

  it('Reconnected merges the missed rolls in order', () => {
    const s = run(
      { ...initialGameState, bingoRolls: [1, 2] },
      frame('Reconnected', { missedRolls: [2, 3, 4] }),
    );
    expect(s.bingoRolls).toEqual([1, 2, 3, 4]);
  });

  it('hide_roll_animation sets the flag; pong changes nothing', () => {
    const s = run(initialGameState, frame('hide_roll_animation', { hideRollAnimation: true }));
    expect(s.hideRollAnimation).toBe(true);
    expect(run(s, frame('pong', {}))).toBe(s);
  });

  it('leave_game resets the state', () => {
    expect(run({ ...withPlayers, gameStarted: true }, { type: 'leave_game' })).toEqual(initialGameState);
  });

  it('error_event keeps the text the server wrote, each one counted', () => {
    const err = frame('error_event', { error: 'No bingo yet: keep playing' });
    expect(run(initialGameState, err, err).error).toEqual({ text: 'No bingo yet: keep playing', count: 2 });
  });

  it('set_game_state with a state name sets that state', () => {
    for (const name of ['lobby', 'bingo', 'roll', 'content', 'game_over', 'announce_winner'] as const) {
      expect(run(initialGameState, frame('set_game_state', { gameState: name })).gameState).toBe(name);
    }
  });

  it('set_game_state with a snapshot restores the room: card, marks, winners, content, queue, session, timer', () => {
    const s = run(
      { ...initialGameState, markedCells: [0, 5, 9] },
      frame(
        'set_game_state',
        snapshot({ winners: ['ann'], winnerAudio: '/w.wav', contentId: 9, content, queue }),
        12,
      ),
    );
    expect(s).toMatchObject({
      lobbyOpen: true,
      gameStarted: true,
      bingoRolls: [1, 2],
      bingoBoard: card,
      markedCells: [0, 2],
      winners: ['ann'],
      winnerAudio: '/w.wav',
      contentId: 9,
      content,
      queue,
      time: 30,
      isRunning: true,
      endsAt: '2026-01-01T00:00:30.000Z',
      hideRollAnimation: true,
      lastSeq: 12,
      sessionName: 'Warm-up',
      protocolVersion: PROTOCOL_VERSION,
      playerCount: 1,
    });
    // The free centre counts even when the server leaves it out; no timer is no timer.
    const t = run(s, frame('set_game_state', snapshot({ markedCells: [2], timer: null })));
    expect(t.markedCells).toEqual([0, 2]);
    expect(t).toMatchObject({ isRunning: false, endsAt: null, time: 0 });
  });

  it('a big room: the snapshot count without a list', () => {
    const big = run(initialGameState, frame('set_game_state', snapshot({ playerArr: [], playerCount: 250 })));
    expect(big).toMatchObject({ playerArr: [], playerCount: 250 });
  });

  it('remembers the highest seq seen, whatever the order', () => {
    const s = run(
      initialGameState,
      frame('open_lobby', { lobbyOpen: true }, 8),
      frame('user_joined', { username: 'x', playerCount: 1 }, 3),
    );
    expect(s.lastSeq).toBe(8);
  });
});

describe('game reducer: the question on screen', () => {
  const fresh = openQuiz;
  const tally = [
    { answerId: 31, count: 2 },
    { answerId: 32, count: 1 },
  ];
  const asked = run(
    initialGameState,
    frame('get_content', {
      contentId: 12,
      contentType: 'QUESTION',
      content: quiz,
      question: fresh,
      sessionName: null,
      roomSessionName: null,
      queue: null,
    }),
  );

  it('get_content brings the question without its correct answer, even if a server sent one', () => {
    expect(asked.question).toEqual(fresh);
    const leaky = frame('get_content', {
      contentId: 12,
      contentType: 'QUESTION',
      content: {
        ...quiz,
        question: {
          ...quiz.question!,
          answers: quiz.question!.answers.map((a) => ({ ...a, isCorrect: true })),
        },
      },
      question: fresh,
      sessionName: null,
      roomSessionName: null,
      queue: null,
    });
    expect(JSON.stringify(run(initialGameState, leaky).content)).not.toContain('isCorrect');
  });

  it('my_answer, question_tally, question_closed and answer_revealed merge into the question on screen', () => {
    let s = run(asked, frame('my_answer', { contentId: 12, choice: 32 }));
    expect(s.question?.myAnswer).toBe(32);
    s = run(s, frame('question_tally', { contentId: 12, tally }));
    expect(s.question?.tally).toEqual(tally);
    s = run(s, frame('question_closed', { contentId: 12 }));
    expect(s.question).toMatchObject({ closed: true, correct: null });
    s = run(s, frame('answer_revealed', { contentId: 12, correct: 31, tally }));
    expect(s.question).toEqual({ contentId: 12, myAnswer: 32, closed: true, correct: 31, tally });
  });

  it('ignores frames about another question, and drops the question with other content or a new round', () => {
    expect(run(asked, frame('my_answer', { contentId: 99, choice: 1 }))).toBe(asked);
    expect(run(asked, frame('answer_revealed', { contentId: 99, correct: 1, tally: [] }))).toBe(asked);
    const other = run(
      asked,
      frame('get_content', {
        contentId: 9,
        contentType: 'OTHER',
        content,
        question: null,
        sessionName: null,
        roomSessionName: null,
        queue: null,
      }),
    );
    expect(other.question).toBeNull();
    const next = run(
      asked,
      frame('start_new_game', { bingoBoard: card2, round: 2, queue: null, sessionName: null }),
    );
    expect(next.question).toBeNull();
  });

  it('points and the snapshot: the table as the server says, the question restored on join', () => {
    const points = { shown: true, rows: [{ username: 'ann', correctAnswers: 1, wins: 1, points: 6 }] };
    expect(run(initialGameState, frame('points', points)).points).toEqual(points);
    const back = run(
      initialGameState,
      frame(
        'set_game_state',
        snapshot({ content: quiz, contentId: 12, question: { ...fresh, myAnswer: 31 }, points }),
      ),
    );
    expect(back).toMatchObject({ question: { myAnswer: 31 }, points });
  });
});
