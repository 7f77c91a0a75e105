import { randomBytes } from 'node:crypto';
import { LTI_SCORE_MODES, type LtiScoreMode, message } from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { secretBox } from '../auth/secret-box';
import { toActor, userWithOrg } from '../auth/user-row';
import type { Db } from '../db/client';
import { ltiLinks, orgWorkshops, rooms, users, workshops } from '../db/schema';
import { AppError } from '../http/errors';
import { createRoom } from '../rooms/create';
import { isInstructor, ltiAccount } from './accounts';
import { toolKeys } from './keys';
import { AGS_SCORE_SCOPE, CLAIM, type Launch, ltiLaunches, refused } from './launch';
import { pickerPage } from './pages';
import { platformSettings, toolUrls } from './platforms';
import { scoreQueue } from './scores';

/** Time a course author has to choose in the deep linking picker. */
const PICK_TTL_MS = 60 * 60_000;

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

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The room id, score and maximum a resource link carries in its custom parameters. */
function customOf(claims: Launch['claims']) {
  const custom = asRecord(claims[CLAIM.custom]);
  const roomId = Number(custom.room_id);
  const mode = LTI_SCORE_MODES.includes(custom.score as LtiScoreMode)
    ? (custom.score as LtiScoreMode)
    : 'points';
  const max = Number(custom.score_maximum);
  return {
    roomId: Number.isSafeInteger(roomId) && roomId > 0 ? roomId : null,
    scoreMode: mode,
    scoreMaximum: mode === 'attendance' ? 1 : Number.isSafeInteger(max) && max >= 1 && max <= 1000 ? max : 10,
  };
}

/** The AGS line item a launch may post scores to, or null (no line item, or no score scope). */
function lineItemOf(claims: Launch['claims']): string | null {
  const ags = asRecord(claims[CLAIM.ags]);
  const scopes = Array.isArray(ags.scope) ? ags.scope : [];
  return typeof ags.lineitem === 'string' && scopes.includes(AGS_SCORE_SCOPE) ? ags.lineitem : null;
}

/**
 * LTI 1.3 per organization (issue 47): platforms registered in Settings, launches (OIDC login, the
 * id_token verified in launch.ts) landing learners in a room's lobby and instructors on its game
 * screen, deep linking, and the AGS scores' queue (scores.ts). Written with jose (docs/decisions.md).
 */
export function ltiService({
  db,
  serverSecret,
  publicUrl,
  log,
  allowPrivate,
  now = () => new Date(),
}: {
  db: Db;
  serverSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** SSO_ALLOW_PRIVATE_ISSUERS: platforms on this machine or over plain http (development, tests). */
  allowPrivate: boolean;
  now?: () => Date;
}) {
  const keys = toolKeys(db, secretBox(serverSecret, 'lti-tool-key'));
  const picks = secretBox(serverSecret, 'lti-deep-link');
  const launches = ltiLaunches({ db, publicUrl, allowPrivate, now });
  const settings = platformSettings({ db, keys, publicUrl, allowPrivate });
  const scores = scoreQueue({ db, keys, log, allowPrivate, now });

  const personOf = (launch: Launch, staff: boolean) => ({
    orgId: launch.platform.orgId,
    issuer: launch.platform.issuer,
    sub: String(launch.claims.sub),
    staff,
    claims: launch.claims,
  });

  /** Where a launched user's browser goes in the web app. */
  async function landing(userId: number, roomId: number) {
    const [user] = await userWithOrg(db).where(eq(users.id, userId));
    if (!user) throw refused('LTI_FAILED', 400, 'lti.launchFailed');
    const org = encodeURIComponent(user.orgName);
    if (user.role === 'PLAYER')
      return `${publicUrl}/${org}/${encodeURIComponent(user.username ?? '')}/play-game/${roomId}?join=1`;
    if (user.role === 'FACILITATOR')
      return `${publicUrl}/${org}/facilitator/online/rooms/play-game/${roomId}`;
    return `${publicUrl}/${org}/admin/rooms/play-game/${roomId}`;
  }

  /** A resource link: the account (made at the first launch), the learner's link for scores, the landing. */
  async function resourceLink(launch: Launch) {
    const { roomId, scoreMode, scoreMaximum } = customOf(launch.claims);
    if (!roomId) throw refused('LTI_NO_ROOM', 400, 'lti.noRoom');
    const [room] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, roomId), eq(rooms.orgId, launch.platform.orgId)));
    if (!room) throw refused('LTI_ROOM_NOT_FOUND', 404, 'lti.roomNotFound');
    const staff = isInstructor(launch.claims[CLAIM.roles]);
    const userId = await ltiAccount(db, log, personOf(launch, staff));
    const resourceLinkId = String(asRecord(launch.claims[CLAIM.resourceLink]).id ?? '');
    if (!staff && resourceLinkId) {
      const values = {
        platformId: launch.platform.id,
        userId,
        roomId,
        resourceLinkId,
        sub: String(launch.claims.sub),
        lineItemUrl: lineItemOf(launch.claims),
        scoreMode,
        scoreMaximum,
      };
      await db
        .insert(ltiLinks)
        .values(values)
        .onConflictDoUpdate({
          target: [ltiLinks.platformId, ltiLinks.resourceLinkId, ltiLinks.userId],
          set: { roomId, lineItemUrl: values.lineItemUrl, scoreMode, scoreMaximum },
        });
    }
    return { userId, redirect: await landing(userId, roomId) };
  }

  /** A deep linking request: the author's account, and the picker of the organization's rooms and workshops. */
  async function deepLinkPicker(launch: Launch) {
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
    return pickerPage(`${publicUrl}/api/v1/lti/${orgId}/deep-link`, picks.seal(JSON.stringify(context)), {
      rooms: roomRows,
      workshops: workshopRows,
      courseTitle,
    });
  }

  /** The room a pick names: one of the organization's, or a new one made for a workshop. */
  async function pickedRoom(context: PickContext, choice: string) {
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
  async function deepLinkResponse(form: Record<string, unknown>) {
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
    const room = await pickedRoom(context, String(form.choice ?? ''));
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

  return {
    keys,
    settings,
    scores,
    login: launches.login,
    launch: launches.launch,
    purgeStates: launches.purge,
    resourceLink,
    deepLinkPicker,
    deepLinkResponse,
  };
}

export type LtiService = ReturnType<typeof ltiService>;
