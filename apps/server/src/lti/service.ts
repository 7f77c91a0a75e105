import { LTI_SCORE_MODES, type LtiScoreMode } from '@playshop/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { secretBox } from '../auth/secret-box';
import { userWithOrg } from '../auth/user-row';
import type { Db } from '../db/client';
import { ltiLinks, rooms, users } from '../db/schema';
import { isInstructor, ltiAccount, personOf } from './accounts';
import { deepLinkPicker, deepLinkResponse, type LtiDeps } from './deep-linking';
import { toolKeys } from './keys';
import { AGS_SCORE_SCOPE, asRecord, CLAIM, type Launch, ltiLaunches, refused } from './launch';
import type { PageReader } from './pages';
import { platformSettings } from './platforms';
import { scoreQueue } from './scores';

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
/** Where a launched user's browser goes in the web app. */
async function landing(deps: LtiDeps, userId: number, roomId: number) {
  const { db, publicUrl } = deps;
  const [user] = await userWithOrg(db).where(eq(users.id, userId));
  if (!user) throw refused('LTI_FAILED', 400, 'lti.launchFailed');
  const org = encodeURIComponent(user.orgName);
  if (user.role === 'PLAYER')
    return `${publicUrl}/${org}/${encodeURIComponent(user.username ?? '')}/play-game/${roomId}?join=1`;
  if (user.role === 'FACILITATOR') return `${publicUrl}/${org}/facilitator/online/rooms/play-game/${roomId}`;
  return `${publicUrl}/${org}/admin/rooms/play-game/${roomId}`;
}

/** A resource link: the account (made at the first launch), the learner's link for scores, the landing. */
export async function resourceLink(deps: LtiDeps, launch: Launch) {
  const { db, log } = deps;
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
  return { userId, redirect: await landing(deps, userId, roomId) };
}

/**
 * LTI 1.3 per organization (issue 47): platforms registered in Settings, launches (OIDC login, the
 * id_token verified in launch.ts) landing learners in a room's lobby and instructors on its game
 * screen, deep linking (deep-linking.ts), and the AGS scores' queue (scores.ts). Written with jose
 * (docs/decisions.md).
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
  const deps: LtiDeps = { db, log, publicUrl, now, keys, picks: secretBox(serverSecret, 'lti-deep-link') };
  const launches = ltiLaunches({ db, publicUrl, allowPrivate, now });
  return {
    keys,
    settings: platformSettings({ db, keys, publicUrl, allowPrivate }),
    scores: scoreQueue({ db, keys, log, allowPrivate, now }),
    login: launches.login,
    launch: launches.launch,
    purgeStates: launches.purge,
    resourceLink: (launch: Launch) => resourceLink(deps, launch),
    deepLinkPicker: (launch: Launch, reader: PageReader) => deepLinkPicker(deps, launch, reader),
    deepLinkResponse: (form: Record<string, unknown>) => deepLinkResponse(deps, form),
  };
}

export type LtiService = ReturnType<typeof ltiService>;
