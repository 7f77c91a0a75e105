import { createHash } from 'node:crypto';
import { XAPI_VERBS } from '@playshop/shared';

/**
 * xAPI 1.0.3 statements as Playshop makes them (issue 47 item 2; docs/decisions.md "xAPI
 * statements"): pure functions of the facts, so a retry builds the same statement with the same id.
 */

/** Playshop's namespace for UUID v5 statement ids and registrations (a fixed random UUID). */
const NAMESPACE = '6f1c2b1e-7a43-4d8e-9b5a-2f0d8c3e4a71';

/** RFC 4122 §4.3 name-based UUID (SHA-1, version 5): the same name, the same id, on every instance. */
export function uuidV5(name: string, namespace = NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type LanguageMap = Record<string, string>;
export interface Agent {
  objectType: 'Agent';
  mbox?: string;
  account?: { homePage: string; name: string };
}
export interface Activity {
  objectType: 'Activity';
  id: string;
  definition?: {
    name?: LanguageMap;
    type?: string;
    interactionType?: 'choice';
    choices?: { id: string; description: LanguageMap }[];
    correctResponsesPattern?: string[];
    extensions?: Record<string, unknown>;
  };
}
export interface Statement {
  id: string;
  actor: Agent;
  verb: { id: string; display: LanguageMap };
  object: Activity;
  result?: {
    success?: boolean;
    completion?: boolean;
    response?: string;
    duration?: string;
    extensions?: Record<string, unknown>;
  };
  context?: {
    registration?: string;
    platform: string;
    language?: string;
    contextActivities?: { parent?: Activity[]; grouping?: Activity[]; category?: Activity[] };
  };
  timestamp: string;
}

const ACTIVITY_TYPES = {
  meeting: 'http://adlnet.gov/expapi/activities/meeting',
  game: 'http://activitystrea.ms/schema/1.0/game',
  course: 'http://adlnet.gov/expapi/activities/course',
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  video: 'https://w3id.org/xapi/video/activity-type/video',
} as const;
const VIDEO_PROFILE = 'https://w3id.org/xapi/video';

/** The learner: their Playshop account, or their e-mail address when the organization chose it. */
export interface Learner {
  userId: number;
  email: string | null;
}

/** Where a game's statements belong: the organization's IRI base, the room and its workshop. */
export interface GamePlace {
  base: string;
  identifyByEmail: boolean;
  gameId: number;
  roomId: number;
  roomName: string;
  workshopId: number;
  workshopName: string;
  /** The room's language (a BCP 47 tag: en, de, …). */
  language: string;
}

export function agentOf(base: string, learner: Learner, identifyByEmail: boolean): Agent {
  if (identifyByEmail && learner.email) return { objectType: 'Agent', mbox: `mailto:${learner.email}` };
  return { objectType: 'Agent', account: { homePage: base, name: String(learner.userId) } };
}

const named = (language: string, text: string): LanguageMap => ({ [language]: text });
const verb = (key: keyof typeof XAPI_VERBS) => ({ id: XAPI_VERBS[key], display: { 'en-US': key } });

/** An xAPI duration (ISO 8601) of milliseconds: PT1.25S. */
export const isoDuration = (ms: number) => `PT${Math.max(0, Math.round(ms) / 1000)}S`;

const roomActivity = (p: GamePlace): Activity => ({
  objectType: 'Activity',
  id: `${p.base}/xapi/rooms/${p.roomId}`,
  definition: { name: named(p.language, p.roomName) },
});
const workshopActivity = (p: GamePlace): Activity => ({
  objectType: 'Activity',
  id: `${p.base}/xapi/workshops/${p.workshopId}`,
  definition: { name: named(p.language, p.workshopName), type: ACTIVITY_TYPES.course },
});
/** One game of a room: what a player attends and wins. */
const gameActivity = (p: GamePlace): Activity => ({
  objectType: 'Activity',
  id: `${p.base}/xapi/rooms/${p.roomId}/games/${p.gameId}`,
  definition: { name: named(p.language, p.roomName), type: ACTIVITY_TYPES.meeting },
});

function gameContext(p: GamePlace): NonNullable<Statement['context']> {
  return {
    registration: uuidV5(`${p.base}|game:${p.gameId}`),
    platform: 'Playshop',
    language: p.language,
    contextActivities: { parent: [roomActivity(p)], grouping: [workshopActivity(p)] },
  };
}

/** The id of the statement of a game's event (its seq in that game's log): a retry makes the same. */
const eventId = (p: GamePlace, seq: number) => uuidV5(`${p.base}|game:${p.gameId}|event:${seq}`);

/** A player joined the game (player_joined). */
export function attended(p: GamePlace, seq: number, learner: Learner, at: Date): Statement {
  return {
    id: eventId(p, seq),
    actor: agentOf(p.base, learner, p.identifyByEmail),
    verb: verb('attended'),
    object: gameActivity(p),
    context: gameContext(p),
    timestamp: at.toISOString(),
  };
}

export interface AnsweredQuestion {
  contentId: number;
  title: string;
  options: { id: number; name: string }[];
  correct: number;
}

/** A player answered a question (question_answered): the choice, whether right, how long after the send. */
export function answered(
  p: GamePlace,
  seq: number,
  learner: Learner,
  question: AnsweredQuestion,
  answer: { choice: number; afterMs: number | null },
  at: Date,
): Statement {
  return {
    id: eventId(p, seq),
    actor: agentOf(p.base, learner, p.identifyByEmail),
    verb: verb('answered'),
    object: {
      objectType: 'Activity',
      id: `${p.base}/xapi/questions/${question.contentId}`,
      definition: {
        name: named(p.language, question.title),
        type: ACTIVITY_TYPES.interaction,
        interactionType: 'choice',
        choices: question.options.map((o) => ({ id: String(o.id), description: named(p.language, o.name) })),
        correctResponsesPattern: [String(question.correct)],
      },
    },
    result: {
      response: String(answer.choice),
      success: answer.choice === question.correct,
      ...(answer.afterMs === null ? {} : { duration: isoDuration(answer.afterMs) }),
    },
    context: gameContext(p),
    timestamp: at.toISOString(),
  };
}

/**
 * A player's bingo (bingo): "completed" the game's bingo with success, its lines and prize as result
 * extensions (ADL has no "won"; docs/decisions.md).
 */
export function won(
  p: GamePlace,
  seq: number,
  learner: Learner,
  win: { lines: string[]; prize: number | null },
  at: Date,
): Statement {
  return {
    id: eventId(p, seq),
    actor: agentOf(p.base, learner, p.identifyByEmail),
    verb: verb('completed'),
    object: {
      objectType: 'Activity',
      id: `${p.base}/xapi/rooms/${p.roomId}/games/${p.gameId}/bingo`,
      definition: { name: named(p.language, `Bingo: ${p.roomName}`), type: ACTIVITY_TYPES.game },
    },
    result: {
      success: true,
      completion: true,
      extensions: {
        [`${p.base}/xapi/extensions/lines`]: win.lines,
        ...(win.prize === null ? {} : { [`${p.base}/xapi/extensions/prize`]: win.prize }),
      },
    },
    context: gameContext(p),
    timestamp: at.toISOString(),
  };
}

/**
 * A training video played to its end. Its id is the learner, the video and the day: a video watched
 * twice in a day is one statement, on another day another.
 */
export function completedVideo(
  base: string,
  identifyByEmail: boolean,
  learner: Learner,
  video: { url: string; title: string },
  language: string,
  at: Date,
): Statement {
  return {
    id: uuidV5(`${base}|user:${learner.userId}|video:${video.url}|day:${at.toISOString().slice(0, 10)}`),
    actor: agentOf(base, learner, identifyByEmail),
    verb: verb('completed'),
    object: {
      objectType: 'Activity',
      id: video.url,
      definition: { name: named(language, video.title), type: ACTIVITY_TYPES.video },
    },
    result: { completion: true },
    context: {
      platform: 'Playshop',
      language,
      contextActivities: { category: [{ objectType: 'Activity', id: VIDEO_PROFILE }] },
    },
    timestamp: at.toISOString(),
  };
}

/** The statement the Settings test button sends: the signed-in admin tried the connection. */
export function testStatement(base: string, userId: number, at: Date): Statement {
  return {
    id: uuidV5(`${base}|test:${userId}|${at.toISOString()}`),
    actor: agentOf(base, { userId, email: null }, false),
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
    object: {
      objectType: 'Activity',
      id: `${base}/xapi/connection-test`,
      definition: { name: { en: 'Playshop connection test' } },
    },
    context: { platform: 'Playshop', language: 'en' },
    timestamp: at.toISOString(),
  };
}
