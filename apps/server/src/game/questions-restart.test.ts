import type { AddressInfo } from 'node:net';
import { english } from '@playshop/messages/english';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createOrg, createUser, signIn, useTestDatabase } from '../test/context';
import { createQuestionRoom } from '../test/question-room';
import { roomSocket } from '../test/room-socket';

const database = useTestDatabase();
let quiz: Awaited<ReturnType<typeof createQuestionRoom>>;
let staffToken: string;
let playerTokens: string[];
const apps: FastifyInstance[] = [];
const sockets: WebSocket[] = [];

async function startInstance() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET: 'question-restart-secret-question-restart!!',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database: database(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws` };
}

async function client(url: string, token: string) {
  return roomSocket(url, token, quiz.roomId, sockets);
}

beforeAll(async () => {
  const org = await createOrg(database());
  quiz = await createQuestionRoom(database(), org.id);
  const { app } = await startInstance();
  staffToken = (await signIn(app, await createUser(database(), 'FACILITATOR', org.id))).body.accessToken;
  playerTokens = [];
  for (let i = 0; i < 2; i++)
    playerTokens.push((await signIn(app, await createUser(database(), 'PLAYER', org.id))).body.accessToken);
  await app.close();
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  for (const app of apps) await app.close();
});

describe('a server restart during a question', () => {
  it('keeps every answer, the closed question and the tally, from the event log', async () => {
    const [a, b] = quiz.answerIds as [number, number];
    const first = await startInstance();
    const staff = await client(first.url, staffToken);
    staff.send('room_event', 'open_lobby');
    await staff.next('set_game_state');
    const players = await Promise.all(playerTokens.map((t) => client(first.url, t)));
    for (const p of players) {
      p.send('room_event', 'join_room');
      await p.next('set_game_state');
    }
    staff.send('game_event', 'start_game');
    await players[0]!.next('start_game');
    staff.send('content_event', 'send_next_content');
    await players[0]!.next('get_content');
    players[0]!.send('content_event', 'answer_question', { contentId: quiz.contentId, choice: b });
    players[1]!.send('content_event', 'answer_question', { contentId: quiz.contentId, choice: a });
    await players[0]!.next('my_answer');
    await players[1]!.next('my_answer');
    staff.send('content_event', 'close_question', { contentId: quiz.contentId });
    await players[0]!.next('question_closed');
    await first.app.close();

    const second = await startInstance();
    const back = await client(second.url, playerTokens[0]!);
    back.send('room_event', 'reconnect', { lastSeq: 0 });
    const snapshot = (await back.next('set_game_state')).payload as { question: unknown };
    expect(snapshot.question).toEqual({
      contentId: quiz.contentId,
      myAnswer: b,
      closed: true,
      correct: null,
      tally: null,
    });
    // Still closed after the restart.
    back.send('content_event', 'answer_question', { contentId: quiz.contentId, choice: a });
    expect((await back.next('error_event')).payload.error).toBe(english('game.questionClosed'));
    const staffAgain = await client(second.url, staffToken);
    staffAgain.send('room_event', 'join_room');
    await staffAgain.next('set_game_state');
    staffAgain.send('content_event', 'reveal_answer', { contentId: quiz.contentId });
    expect((await back.next('answer_revealed')).payload).toEqual({
      contentId: quiz.contentId,
      correct: quiz.correctId,
      tally: quiz.answerIds.map((answerId) => ({
        answerId,
        count: answerId === a || answerId === b ? 1 : 0,
      })),
    });
    staffAgain.send('game_event', 'game_over');
    await back.next('game_end');
  });
});
