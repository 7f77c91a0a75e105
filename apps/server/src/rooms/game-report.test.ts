import type { BingoCard } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../game/engine';
import { cardText, eventLogCsv, gameReportCsv, gameRounds, type LoggedEvent, lineName } from './game-report';

const card = (offset: number): BingoCard =>
  [0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => (r === 2 && c === 2 ? 0 : c * 15 + r + 1 + offset)));

/** Events of one game at one-minute steps from 10:00 UTC, like the store's rows. */
function log(gameId: number, events: GameEvent[], startMinute = 0): LoggedEvent[] {
  return events.map((event, i) => ({
    gameId,
    seq: i + 1,
    at: new Date(Date.UTC(2026, 10, 23, 10, startMinute + i)),
    by: 'facilitator@demo.test',
    event,
  }));
}

const titles = new Map([[7, 'Fire exit quiz']]);
const lookups = {
  roomName: 'Demo Room',
  orgName: 'Demo Org',
  workshopName: 'Demo Workshop',
  contentTitle: (id: number) => titles.get(id),
  generatedAt: new Date(Date.UTC(2026, 10, 23, 12, 0)),
};

const firstGame = log(1, [
  { type: 'lobby_opened' },
  { type: 'player_joined', userId: 11, username: 'ana', card: card(0) },
  { type: 'player_joined', userId: 12, username: 'bo', card: card(5) },
  { type: 'player_ready', userId: 11 },
  { type: 'state_set', state: 'bingo' },
  { type: 'game_started', hideRollAnimation: false },
  { type: 'ball_rolled', number: 61 },
  { type: 'ball_rolled', number: 4 },
  { type: 'timer_set', seconds: 30, startedAt: '2026-11-23T10:09:00Z', isRunning: true, isPaused: false },
  { type: 'content_sent', contentId: 7, contentType: 'QUIZ' },
  { type: 'content_sent', contentId: 99, contentType: 'VIDEO' },
  { type: 'bingo', userId: 12, username: 'bo', lines: ['row-0', 'diag-up'], at: '2026-11-23T10:11:30.000Z' },
  { type: 'new_round', cards: { 11: card(2), 12: card(3) } },
  { type: 'ball_rolled', number: 75 },
  { type: 'player_joined', userId: 13, username: 'cy', card: card(1) },
  { type: 'game_ended' },
]);

describe('gameRounds', () => {
  it('names the pattern of each win: the prizes in order, any line when none were picked', () => {
    const [round] = gameRounds(
      log(3, [
        { type: 'lobby_opened' },
        { type: 'player_joined', userId: 11, username: 'ana', card: card(0) },
        { type: 'player_joined', userId: 12, username: 'bo', card: card(5) },
        { type: 'prizes_set', prizes: [{ kind: 'four_corners' }, { kind: 'full_house' }] },
        { type: 'game_started', hideRollAnimation: false },
        { type: 'bingo', userId: 11, username: 'ana', lines: [], at: '2026-11-23T10:05:00.000Z', prize: 0 },
        { type: 'bingo', userId: 12, username: 'bo', lines: [], at: '2026-11-23T10:06:00.000Z', prize: 1 },
      ]),
      lookups,
    );
    expect(round!.winners.map((w) => [w.username, w.pattern])).toEqual([
      ['ana', 'Four corners'],
      ['bo', 'Full house'],
    ]);
  });

  it('gives each round its players with card and bingo, balls in order, content by title, winners', () => {
    const rounds = gameRounds(firstGame, lookups);
    expect(rounds).toHaveLength(2);
    const [one, two] = rounds;
    // Start New Game replaced the first round: it says when, rather than 'Not ended'.
    expect(one).toMatchObject({ gameNumber: 1, round: 1, endedAt: null });
    expect(one!.replacedAt).toEqual(new Date(Date.UTC(2026, 10, 23, 10, 12)));
    expect(one!.startedAt).toEqual(new Date(Date.UTC(2026, 10, 23, 10, 5)));
    expect(
      one!.players.map((p) => [p.username, p.joinedAt.toISOString(), p.bingoAt?.toISOString() ?? null]),
    ).toEqual([
      ['ana', '2026-11-23T10:01:00.000Z', null],
      ['bo', '2026-11-23T10:02:00.000Z', '2026-11-23T10:11:30.000Z'],
    ]);
    expect(one!.players[1]!.card).toEqual(card(5));
    expect(one!.balls.map((b) => b.number)).toEqual([61, 4]);
    expect(one!.content.map((c) => [c.title, c.contentType, c.at.toISOString()])).toEqual([
      ['Fire exit quiz', 'QUIZ', '2026-11-23T10:09:00.000Z'],
      ['Deleted content (id 99)', 'VIDEO', '2026-11-23T10:10:00.000Z'],
    ]);
    expect(one!.winners).toEqual([
      {
        username: 'bo',
        pattern: 'Any line',
        lines: ['row-0', 'diag-up'],
        at: new Date('2026-11-23T10:11:30.000Z'),
      },
    ]);

    // The new round deals new cards and clears bingo; a player joining now keeps their join time.
    expect(two).toMatchObject({ gameNumber: 1, round: 2 });
    expect(two!.endedAt).toEqual(new Date(Date.UTC(2026, 10, 23, 10, 15)));
    expect(two!.players.map((p) => [p.username, p.card, p.bingoAt])).toEqual([
      ['ana', card(2), null],
      ['bo', card(3), null],
      ['cy', card(1), null],
    ]);
    expect(two!.players[0]!.joinedAt).toEqual(new Date(Date.UTC(2026, 10, 23, 10, 1)));
    expect(two!.balls.map((b) => b.number)).toEqual([75]);
    expect(two!.winners).toEqual([]);
  });

  it('numbers the games of a room in order and leaves out a game nobody played', () => {
    const empty = log(2, [{ type: 'lobby_opened' }, { type: 'game_ended' }]);
    const third = log(3, [{ type: 'player_joined', userId: 11, username: 'ana', card: card(0) }], 30);
    const rounds = gameRounds([...empty, ...firstGame, ...empty, ...third], lookups);
    // The games left are numbered as 'Games played' counts them: no 'Game 3' among two.
    expect(rounds.map((r) => [r.gameId, r.gameNumber, r.round])).toEqual([
      [1, 1, 1],
      [1, 1, 2],
      [3, 2, 1],
    ]);
    expect(rounds[2]!.players[0]!.card).toEqual(card(0));
    const csv = gameReportCsv(
      [...log(2, [{ type: 'lobby_opened' }, { type: 'game_ended' }]), ...third],
      lookups,
    );
    expect(csv).toContain('Games played,1');
    expect(csv).toContain('"Game 1, round 1"');
    expect(csv).not.toContain('Game 2');
  });

  it('names a pattern won whole by its label, never its key', () => {
    const lines = gameReportCsv(
      log(5, [
        { type: 'player_joined', userId: 11, username: 'ana', card: card(0) },
        { type: 'prizes_set', prizes: [{ kind: 'four_corners' }] },
        { type: 'game_started', hideRollAnimation: false },
        {
          type: 'bingo',
          userId: 11,
          username: 'ana',
          lines: ['four_corners'],
          at: '2026-11-23T10:05:00.000Z',
        },
      ]),
      lookups,
    );
    expect(lines).toContain('ana,2026-11-23 10:05:00 UTC,Four corners,Four corners');
    expect(lines).not.toContain('four_corners');
    expect(
      eventLogCsv(log(5, [{ type: 'prizes_set', prizes: [{ kind: 'four_corners' }] }]), lookups),
    ).toContain('prizes_set,facilitator@demo.test,Four corners');
  });
});

describe('gameReportCsv', () => {
  it('reads as a document: header, then per round players, balls, content and winners', () => {
    const lines = gameReportCsv(firstGame, lookups).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Game report',
      'Room,Demo Room',
      'Organization,Demo Org',
      'Workshop,Demo Workshop',
      'Generated,2026-11-23 12:00:00 UTC',
      'Games played,1',
    ]);
    const at = (heading: string) => lines.indexOf(heading);
    expect(lines[at('Players (2)') + 1]).toBe('Player,Joined,Bingo,Bingo at,Card');
    expect(lines[at('Players (2)') + 3]).toBe(
      `bo,2026-11-23 10:02:00 UTC,Yes,2026-11-23 10:11:30 UTC,${cardText(card(5))}`,
    );
    expect(lines.slice(at('Balls in order (2)') + 1, at('Balls in order (2)') + 4)).toEqual([
      '#,Ball,Time',
      '1,O 61,2026-11-23 10:06:00 UTC',
      '2,B 4,2026-11-23 10:07:00 UTC',
    ]);
    expect(lines[at('Content sent (2)') + 2]).toBe('2026-11-23 10:09:00 UTC,Fire exit quiz,QUIZ');
    expect(lines[at('Winners (1)') + 1]).toBe('Player,Time,Pattern,Lines');
    expect(lines[at('Winners (1)') + 2]).toBe('bo,2026-11-23 10:11:30 UTC,Any line,"row 1, diagonal ↗"');
    expect(lines).toContain(
      '"Game 1, round 2",Started 2026-11-23 10:12:00 UTC,Ended 2026-11-23 10:15:00 UTC',
    );
    expect(lines).toContain(
      '"Game 1, round 1",Started 2026-11-23 10:05:00 UTC,Replaced by Start New Game 2026-11-23 10:12:00 UTC',
    );
    expect(lines.join('\n')).not.toContain('Not ended');
    // Internal state events do not appear in the report.
    expect(lines.join('\n')).not.toMatch(/timer|state_set|player_ready|lobby_opened/);
  });

  it('says so when no game has been played, and neutralises formula cells', () => {
    const csv = gameReportCsv([], { ...lookups, roomName: '=cmd|x' });
    expect(csv).toContain("Room,'=cmd|x\r\n");
    expect(csv).toContain('No game has been played in this room yet.');
  });
});

describe('answers and points', () => {
  const quiz = {
    options: [
      { id: 71, name: 'Leave by the nearest exit' },
      { id: 72, name: '' },
    ],
    correct: 71,
  };
  const game = log(4, [
    { type: 'player_joined', userId: 11, username: 'ana', card: card(0) },
    { type: 'player_joined', userId: 12, username: 'bo', card: card(5) },
    { type: 'player_joined', userId: 13, username: 'cy', card: card(1) },
    { type: 'game_started', hideRollAnimation: false },
    { type: 'content_sent', contentId: 7, contentType: 'QUESTION', question: quiz },
    {
      type: 'question_answered',
      contentId: 7,
      userId: 11,
      username: 'ana',
      choice: 72,
      at: '2026-11-23T10:05:10.000Z',
    },
    {
      type: 'question_answered',
      contentId: 7,
      userId: 12,
      username: 'bo',
      choice: 72,
      at: '2026-11-23T10:06:20.000Z',
    },
    {
      type: 'question_answered',
      contentId: 7,
      userId: 11,
      username: 'ana',
      choice: 71,
      at: '2026-11-23T10:07:30.000Z',
    },
    { type: 'question_closed', contentId: 7 },
    { type: 'answer_revealed', contentId: 7 },
    { type: 'bingo', userId: 12, username: 'bo', lines: ['row-0'], at: '2026-11-23T10:10:30.000Z' },
    { type: 'new_round', cards: { 11: card(2), 12: card(3) } },
    // A question of the next round answered but never revealed scores nothing.
    { type: 'content_sent', contentId: 7, contentType: 'QUESTION', question: quiz },
    {
      type: 'question_answered',
      contentId: 7,
      userId: 12,
      username: 'bo',
      choice: 71,
      at: '2026-11-23T10:13:00.000Z',
    },
  ]);

  it('names who answered what, when, right or wrong, and the round points', () => {
    const [one, two] = gameRounds(game, lookups);
    expect(one!.questions).toEqual([
      {
        title: 'Fire exit quiz',
        sentAt: new Date(Date.UTC(2026, 10, 23, 10, 4)),
        correctAnswer: 'Leave by the nearest exit',
        revealed: true,
        answers: [
          {
            username: 'bo',
            answer: 'Answer 2 (image)',
            at: new Date('2026-11-23T10:06:20.000Z'),
            correct: false,
            changes: 0,
          },
          {
            username: 'ana',
            answer: 'Leave by the nearest exit',
            at: new Date('2026-11-23T10:07:30.000Z'),
            correct: true,
            changes: 1,
          },
        ],
      },
    ]);
    // Everyone who played is in the table: cy scored nothing and is there with 0.
    expect(one!.points).toEqual([
      { username: 'bo', correctAnswers: 0, wins: 1, points: 5 },
      { username: 'ana', correctAnswers: 1, wins: 0, points: 1 },
      { username: 'cy', correctAnswers: 0, wins: 0, points: 0 },
    ]);
    expect(two!.questions[0]).toMatchObject({
      revealed: false,
      answers: [{ username: 'bo', correct: true }],
    });
    expect(two!.points).toEqual([
      { username: 'ana', correctAnswers: 0, wins: 0, points: 0 },
      { username: 'bo', correctAnswers: 0, wins: 0, points: 0 },
    ]);
  });

  it("prints the questions by their own words, the answers and everyone's points in the CSV", () => {
    const asked = new Map([[7, 'What do you do first when the alarm sounds?']]);
    const lines = gameReportCsv(game, { ...lookups, questionText: (id) => asked.get(id) }).split('\r\n');
    const at = (heading: string) => lines.indexOf(heading);
    expect(lines.slice(at('Questions (1)') + 1, at('Questions (1)') + 3)).toEqual([
      'Sent,Question,Correct answer,Revealed,Answers',
      '2026-11-23 10:04:00 UTC,What do you do first when the alarm sounds?,Leave by the nearest exit,Yes,2',
    ]);
    expect(lines.slice(at('Answers') + 1, at('Answers') + 4)).toEqual([
      'Question,Player,Answer,Answered at,Right or wrong,Changes',
      'What do you do first when the alarm sounds?,bo,Answer 2 (image),2026-11-23 10:06:20 UTC,Wrong,0',
      'What do you do first when the alarm sounds?,ana,Leave by the nearest exit,2026-11-23 10:07:30 UTC,Right,1',
    ]);
    const points = lines.findIndex((l) => l.startsWith('Points ('));
    expect(lines.slice(points + 1, points + 5)).toEqual([
      'Player,Correct answers,Bingo wins,Points',
      'bo,0,1,5',
      'ana,1,0,1',
      'cy,0,0,0',
    ]);
  });
});

describe('eventLogCsv', () => {
  it('keeps every event with content by title', () => {
    const lines = eventLogCsv(firstGame, lookups).trim().split('\r\n');
    expect(lines).toHaveLength(firstGame.length + 1);
    expect(lines[0]).toBe('game,seq,time,event,by,detail');
    expect(lines[7]).toBe('1,7,2026-11-23T10:06:00.000Z,ball_rolled,facilitator@demo.test,O 61');
    expect(lines[10]).toBe(
      '1,10,2026-11-23T10:09:00.000Z,content_sent,facilitator@demo.test,Fire exit quiz (QUIZ)',
    );
  });
});

describe('cardText and lineName', () => {
  it('reads the card by column with the free centre', () => {
    expect(cardText(card(0))).toBe(
      'B: 1 2 3 4 5 | I: 16 17 18 19 20 | N: 31 32 FREE 34 35 | G: 46 47 48 49 50 | O: 61 62 63 64 65',
    );
    expect(['row-0', 'col-4', 'diag-down', 'other'].map(lineName)).toEqual([
      'row 1',
      'column O',
      'diagonal ↘',
      'other',
    ]);
  });
});
