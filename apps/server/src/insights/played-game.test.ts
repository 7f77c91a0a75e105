import { beforeAll, describe, expect, it } from 'vitest';
import { categories, rooms } from '../db/schema';
import { createOrg, createUser, createWorkshop, signIn } from '../test/context';
import { listeningSuite } from '../test/listening-suite';
import { insertContent, insertQuestion } from '../test/question-room';
import { roomSocket } from '../test/room-socket';

/**
 * A game played as on the day, through the app's own sockets and routes (issue 42): the facilitator's
 * screen sets the room's session with POST /check-and-create-room-session, a welcome item and a
 * question go out, two of three players answer (answer times in fractional milliseconds on
 * PostgreSQL, whose clock has microseconds), one sends leave_room and closes the socket before End
 * Game. The file runs on PGlite and on PostgreSQL (server-pg) with the same expectations: the same
 * game gives the same figures on both.
 */
const suite = listeningSuite();
let roomId: number;
let ids: { warmUp: number; main: number; welcome: number; quiz: number; film: number; options: number[] };
let staff: { token: string; headers: Record<string, string> };
let admin: Record<string, string>;
let orgName: string;
let players: { token: string; username: string }[];

beforeAll(async () => {
  const { database, app } = suite.ctx;
  const { db } = database;
  const org = await createOrg(database);
  orgName = org.name;
  const [category] = await db
    .insert(categories)
    .values({ name: `Day one ${org.id}` })
    .returning();
  const [welcome, film] = await insertContent(db, category!.id, [
    { title: 'Welcome', type: 'IMAGE' },
    { title: 'Film', type: 'VIDEO' },
  ]);
  const quiz = await insertQuestion(db, category!.id, {
    title: 'Exit quiz',
    description: 'd',
    question: 'Which way out?',
    answers: ['The stairs', 'The lift'],
  });
  const {
    workshop,
    sessions: [warmUp, main],
  } = await createWorkshop(db, 'Day one', [
    { name: 'Warm-up', contentIds: [welcome!.id, quiz.contentId] },
    { name: 'Main', contentIds: [film!.id] },
  ]);
  const [room] = await db
    .insert(rooms)
    .values({ name: 'Hall', orgId: org.id, workshopId: workshop.id })
    .returning();
  roomId = room!.id;
  ids = {
    warmUp: warmUp!.id,
    main: main!.id,
    welcome: welcome!.id,
    quiz: quiz.contentId,
    film: film!.id,
    options: quiz.answers.map((a) => a.id),
  };
  const facilitator = await signIn(app, await createUser(database, 'FACILITATOR', org.id));
  staff = { token: facilitator.body.accessToken, headers: facilitator.headers };
  admin = (await signIn(app, await createUser(database, 'ADMIN', org.id))).headers;
  players = [];
  for (let i = 0; i < 3; i++) {
    const user = await createUser(database, 'PLAYER', org.id);
    players.push({
      token: (await signIn(app, { ...user, orgId: org.id })).body.accessToken,
      username: user.username!,
    });
  }
});

const figure = async (name: string) => {
  const res = await suite.ctx.app.inject({
    method: 'GET',
    url: `/api/v1/insights/org/${encodeURIComponent(orgName)}/${name}`,
    headers: admin,
  });
  return { status: res.statusCode, body: res.json() };
};

describe('a game played through the sockets', () => {
  it('shows what was played: sessions, present without answering, who left before the end', async () => {
    const session = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/check-and-create-room-session',
      headers: staff.headers,
      payload: { roomSession: { roomId } },
    });
    expect(session.json().currentSession.name).toBe('Warm-up');

    const room = await roomSocket(suite.wsUrl, staff.token, roomId, suite.sockets);
    room.send('room_event', 'open_lobby');
    await room.next('set_game_state');
    const phones = [];
    const first = suite.sockets.length;
    for (const p of players) {
      const phone = await roomSocket(suite.wsUrl, p.token, roomId, suite.sockets);
      phone.send('room_event', 'join_room');
      await phone.next('set_game_state');
      phones.push(phone);
    }
    const [p1, p2] = phones as [(typeof phones)[number], (typeof phones)[number]];
    room.send('game_event', 'start_game');
    await p1.next('start_game');
    room.send('content_event', 'send_next_content');
    await p1.next('get_content');
    room.send('content_event', 'send_next_content');
    await p1.next('get_content');
    const [right, wrong] = ids.options as [number, number];
    p1.send('content_event', 'answer_question', { contentId: ids.quiz, choice: right });
    p2.send('content_event', 'answer_question', { contentId: ids.quiz, choice: wrong });
    await p1.next('my_answer');
    await p2.next('my_answer');
    // p2 leaves and closes the phone, then the game ends. A socket handles its messages in turn:
    // the answer to a ping sent after leave_room says the leave is done.
    const p2Socket = suite.sockets[first + 1]!;
    p2.drain();
    p2.send('room_event', 'leave_room');
    p2Socket.send(JSON.stringify({ type: 'ping', payload: {} }));
    await p2.next('pong');
    p2Socket.close();
    room.send('game_event', 'game_over');
    await p1.next('game_end');

    const summary = await figure('summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ games: 1, players: 3, leftEarly: 1, leftEarlyShare: 0.333 });

    const questions = await figure('questions');
    expect(questions.status).toBe(200);
    expect(questions.body.questions).toEqual([
      expect.objectContaining({
        contentId: ids.quiz,
        asked: 1,
        present: 3,
        answers: 2,
        unanswered: 1,
        shareRight: 0.5,
        meanSeconds: expect.any(Number),
      }),
    ]);

    const sent = (await figure('content')).body.items.map(
      (i: { session: string | null; title: string; sent: number; meanPresent: number }) =>
        [i.session, i.title, i.sent, i.meanPresent] as const,
    );
    expect(sent).toEqual([
      ['Warm-up', 'Exit quiz', 1, 3],
      ['Warm-up', 'Welcome', 1, 3],
      ['Main', 'Film', 0, 0],
    ]);
  });
});
