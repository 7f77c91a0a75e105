import { MantineProvider } from '@mantine/core';
import { type GameContent, type GameSnapshot, PROTOCOL_VERSION, type QuestionState } from '@playshop/shared';
import { render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type GameState, initialGameState } from '../features/game/shared/game-reducer';

/** Shared by the game's tests: a card, a room, a game in play, one content item and a question. */
export const card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
export const show = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);
/** The texts of a list's items, in order. */
export const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

export const room = {
  id: 7,
  name: 'Blue room',
  workshopId: 1,
  workshop: { id: 1, name: 'Safety day' },
  orgId: 1,
  sessions: [{ id: 1, name: 'Warm-up', orderIndex: 0 }],
  language: null,
  effectiveLanguage: 'en' as const,
};
export const playing: GameState = {
  ...initialGameState,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'bingo',
  bingoBoard: card,
  bingoRolls: [1, 17],
  markedCells: [0, 1],
  sessionName: 'Fire safety',
};
export const content = {
  id: 9,
  title: 'Exits',
  description: 'Find the nearest exit',
  script: null,
  type: 'OTHER',
  categoryId: 1,
  category: { id: 1, name: 'Safety' },
  question: null,
  image: null,
  video: null,
} as GameState['content'];

/** A question with two answers, as the server sends it to players (no correct answer). */
export const quiz: GameContent = {
  ...content!,
  id: 12,
  type: 'QUESTION',
  question: {
    id: 3,
    question: 'Which way out?',
    contentId: 12,
    answers: [
      { id: 31, name: 'The door', url: null },
      { id: 32, name: 'The lift', url: null },
    ],
  },
};
/** The quiz just asked: open, nobody's answer yet. */
export const openQuiz: QuestionState = {
  contentId: 12,
  myAnswer: null,
  closed: false,
  correct: null,
  tally: null,
};

/** A whole room as a snapshot (what a join or a reconnect brings): a player's, in a round under way. */
export const snapshot = (over: Partial<GameSnapshot> = {}): GameSnapshot => ({
  protocolVersion: PROTOCOL_VERSION,
  roomId: 1,
  lobbyOpen: true,
  gameStarted: true,
  gameState: 'bingo',
  round: 1,
  bingoRolls: [1, 2],
  bingoBoard: card,
  playerArr: [{ username: 'ann', isReady: true, hasBingo: false }],
  playerCount: 1,
  markedCells: [0, 2],
  winners: [],
  wins: [],
  winnerAudio: null,
  rules: { prizes: [{ kind: 'any_line' }], prizeIndex: 0, autoCall: null },
  contentId: null,
  contentType: null,
  content: null,
  question: null,
  points: { shown: false, rows: [] },
  queue: [],
  sessionName: 'Warm-up',
  roomSessionName: 'Warm-up',
  timer: { time: 30, isRunning: true, isPaused: false, endsAt: '2026-01-01T00:00:30.000Z' },
  hideRollAnimation: true,
  connectionClosed: false,
  ...over,
});
