import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import type { GameEvent } from '../game/engine';
import { backoff, gameOutcome, scheduleScores, scoresUrl } from './scores';

const at = new Date().toISOString();
const question = {
  options: [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ],
  correct: 2,
};
const joined = (userId: number): GameEvent => ({
  type: 'player_joined',
  userId,
  username: `p${userId}`,
  card: [] as never,
});

describe('a game’s points for the gradebook', () => {
  it('counts a right answer once its answer is revealed (the last choice counts) and 5 per bingo', () => {
    const { points, joined: took } = gameOutcome([
      joined(1),
      joined(2),
      joined(3),
      { type: 'content_sent', contentId: 9, contentType: 'QUESTION', question },
      { type: 'question_answered', contentId: 9, userId: 1, username: 'p1', choice: 1, at },
      { type: 'question_answered', contentId: 9, userId: 1, username: 'p1', choice: 2, at },
      { type: 'question_answered', contentId: 9, userId: 2, username: 'p2', choice: 1, at },
      { type: 'answer_revealed', contentId: 9 },
      // Revealed twice: counted once.
      { type: 'answer_revealed', contentId: 9 },
      // Answered but never revealed: no point.
      { type: 'content_sent', contentId: 10, contentType: 'QUESTION', question },
      { type: 'question_answered', contentId: 10, userId: 2, username: 'p2', choice: 2, at },
      { type: 'bingo', userId: 2, username: 'p2', lines: ['B'], at },
      { type: 'player_removed', userId: 3, username: 'p3' },
      { type: 'game_ended' },
    ]);
    expect(Object.fromEntries(points)).toEqual({ 1: 1, 2: 5 });
    // A removed player did not take part (attendance).
    expect([...took].sort()).toEqual([1, 2]);
  });

  it('posts to the line item’s /scores, its query kept', () => {
    expect(scoresUrl('https://lms.example.org/lineitems/7?course=3')).toBe(
      'https://lms.example.org/lineitems/7/scores?course=3',
    );
    expect(scoresUrl('https://lms.example.org/lineitems/7/')).toBe(
      'https://lms.example.org/lineitems/7/scores',
    );
  });

  it('waits twice as long after each failure, six hours at most', () => {
    expect([0, 1, 2].map(backoff)).toEqual([30_000, 60_000, 120_000]);
    expect(backoff(20)).toBe(6 * 60 * 60_000);
  });
});

describe('the scores’ timer', () => {
  const database = { kind: 'pglite' } as Database;

  it('queues and posts on its own from the server’s start, and stops when it closes', async () => {
    const app = Fastify();
    const queue = { enqueue: vi.fn(async () => 0), sendDue: vi.fn(async () => 0) };
    scheduleScores(app, queue, database, 10);
    await app.ready();
    await vi.waitFor(() => expect(queue.sendDue.mock.calls.length).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
    });
    expect(queue.enqueue.mock.calls.length).toBeGreaterThanOrEqual(2);
    await app.close();
    const after = queue.sendDue.mock.calls.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(queue.sendDue.mock.calls.length).toBeLessThanOrEqual(after + 1);
  });

  it('a failing round is logged and the next one runs', async () => {
    const app = Fastify();
    let rounds = 0;
    const queue = {
      enqueue: vi.fn(async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
        return 0;
      }),
      sendDue: vi.fn(async () => 0),
    };
    scheduleScores(app, queue, database, 10);
    await app.ready();
    await vi.waitFor(() => expect(queue.sendDue).toHaveBeenCalled(), { timeout: 10_000 });
    expect(rounds).toBeGreaterThanOrEqual(2);
    await app.close();
  });

  it('is off with 0 (the tests drive the queue themselves)', async () => {
    const app = Fastify();
    const queue = { enqueue: vi.fn(async () => 0), sendDue: vi.fn(async () => 0) };
    scheduleScores(app, queue, database, 0);
    await app.ready();
    await new Promise((r) => setTimeout(r, 50));
    expect(queue.enqueue).not.toHaveBeenCalled();
    await app.close();
  });
});
