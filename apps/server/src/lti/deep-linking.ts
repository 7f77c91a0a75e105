import { randomBytes } from 'node:crypto';
import { type LtiScoreMode, message } from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../auth/secret-box';
import { toActor, userWithOrg } from '../auth/user-row';
import type { Db } from '../db/client';
import { orgWorkshops, rooms, users, workshops } from '../db/schema';
import { AppError } from '../http/errors';
import { createRoom } from '../rooms/create';
import { isInstructor, ltiAccount, personOf } from './accounts';
import type { ToolKeys } from './keys';
import { asRecord, CLAIM, type Launch, refused } from './launch';
import { type PageReader, pickerPage } from './pages';
import { toolUrls } from './platforms';

/** Time a course author has to choose in the deep linking picker. */
const PICK_TTL_MS = 60 * 60_000;

/** What the launch's steps after verification need. */
export interface LtiDeps {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  now: () => Date;
  keys: ToolKeys;
  /** Seals the deep linking request into the picker's page. */
  picks: SecretBox;
}

/**
 * Deep Linking 2.0: an instructor's request shows the picker (the organization's rooms, its
 * workshops to make a room of, points or attendance); the choice comes back sealed and is signed
 * into an LtiDeepLinkingResponse with one ltiResourceLink and its lineItem.
 */

/** The sealed deep linking request the picker posts back (no row: it is the author's alone). */
interface PickContext {
  orgId: number;
  platformId: number;
  clientId: string;
  issuer: string;
  deploymentId: string;
  returnUrl: string;
  data?: string;
  userId: number;
  courseTitle: string;
  expiresAt: number;
}

/** A deep linking request: the author's account, and the picker of the organization's rooms and workshops. */
export async function deepLinkPicker(deps: LtiDeps, launch: Launch, reader: PageReader) {
  const { db, log, publicUrl, now, picks } = deps;
  if (!isInstructor(launch.claims[CLAIM.roles]))
    throw refused('LTI_NOT_INSTRUCTOR', 403, 'lti.notInstructor');
  const settingsClaim = asRecord(launch.claims[CLAIM.deepLinking]);
  const returnUrl = settingsClaim.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl))
    throw refused('LTI_FAILED', 400, 'lti.launchFailed');
  const orgId = launch.platform.orgId;
  const userId = await ltiAccount(db, log, personOf(launch, true));
  const courseTitle = String(asRecord(launch.claims[CLAIM.context]).title ?? '').slice(0, 60);
  const context: PickContext = {
    orgId,
    platformId: launch.platform.id,
    clientId: launch.platform.clientId,
    issuer: launch.platform.issuer,
    deploymentId: launch.deploymentId,
    returnUrl,
    ...(typeof settingsClaim.data === 'string' ? { data: settingsClaim.data } : {}),
    userId,
    courseTitle,
    expiresAt: now().getTime() + PICK_TTL_MS,
  };
  const [roomRows, workshopRows] = await Promise.all([
    db
      .select({ id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(eq(rooms.orgId, orgId))
      .orderBy(asc(rooms.name)),
    db
      .select({ id: workshops.id, name: workshops.name })
      .from(workshops)
      .innerJoin(orgWorkshops, eq(orgWorkshops.workshopId, workshops.id))
      .where(eq(orgWorkshops.orgId, orgId))
      .orderBy(asc(workshops.name)),
  ]);
  return pickerPage(
    reader,
    `${publicUrl}/api/v1/lti/${orgId}/deep-link`,
    picks.seal(JSON.stringify(context)),
    {
      rooms: roomRows,
      workshops: workshopRows,
      courseTitle,
    },
  );
}

/** The room a pick names: one of the organization's, or a new one made for a workshop. */
async function pickedRoom(db: Db, context: PickContext, choice: string) {
  const [kind, raw] = choice.split(':');
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw refused('BAD_REQUEST', 400, 'lti.pickRoom');
  if (kind === 'room') {
    const [room] = await db
      .select({ id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(and(eq(rooms.id, id), eq(rooms.orgId, context.orgId)));
    if (!room) throw refused('LTI_ROOM_NOT_FOUND', 404, 'lti.roomNotFound');
    return room;
  }
  if (kind !== 'workshop') throw refused('BAD_REQUEST', 400, 'lti.pickRoom');
  const [author] = await userWithOrg(db).where(eq(users.id, context.userId));
  if (!author) throw refused('LTI_EXPIRED', 400, 'lti.deepLinkExpired');
  const [workshop] = await db.select({ name: workshops.name }).from(workshops).where(eq(workshops.id, id));
  const base =
    `${workshop?.name ?? 'Workshop'}${context.courseTitle ? ` – ${context.courseTitle}` : ''}`.slice(0, 90);
  const name = `${base} ${randomBytes(2).toString('hex')}`;
  const room = await createRoom(db, toActor(author), { name, workshopId: id });
  return { id: room.id, name: room.name };
}

/** The author's choice: the signed LtiDeepLinkingResponse and where to post it. */
export async function deepLinkResponse(deps: LtiDeps, form: Record<string, unknown>) {
  const { publicUrl, now, keys, picks } = deps;
  let context: PickContext;
  try {
    context = JSON.parse(picks.open(String(form.context ?? ''))) as PickContext;
  } catch {
    throw refused('LTI_EXPIRED', 400, 'lti.deepLinkExpired');
  }
  if (context.expiresAt < now().getTime()) throw refused('LTI_EXPIRED', 400, 'lti.deepLinkExpired');
  const scoreMode: LtiScoreMode = form.score === 'attendance' ? 'attendance' : 'points';
  const max = scoreMode === 'attendance' ? 1 : Number(form.scoreMaximum);
  if (!Number.isSafeInteger(max) || max < 1 || max > 1000)
    throw new AppError('BAD_REQUEST', 400, message('lti.scoreMaximumInvalid'), 'scoreMaximum');
  const room = await pickedRoom(deps.db, context, String(form.choice ?? ''));
  const item = {
    type: 'ltiResourceLink',
    title: room.name,
    url: toolUrls(publicUrl, context.orgId).launchUrl,
    custom: { room_id: String(room.id), score: scoreMode, score_maximum: String(max) },
    lineItem: { scoreMaximum: max, label: room.name, resourceId: `room-${room.id}`, tag: scoreMode },
  };
  const jwt = await keys.sign(
    {
      iss: context.clientId,
      aud: context.issuer,
      nonce: randomBytes(16).toString('base64url'),
      [CLAIM.messageType]: 'LtiDeepLinkingResponse',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: context.deploymentId,
      ...(context.data !== undefined ? { [CLAIM.dlData]: context.data } : {}),
      [CLAIM.dlItems]: [item],
    },
    '10 minutes',
  );
  return { returnUrl: context.returnUrl, jwt, roomId: room.id };
}
