import { randomBytes } from 'node:crypto';
import { message } from '@playshop/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, customFetch, type JWTPayload, jwtVerify } from 'jose';
import { publicFetch } from '../auth/sso/provider';
import type { Db } from '../db/client';
import { ltiPlatforms, ltiStates } from '../db/schema';
import { AppError } from '../http/errors';
import { toolUrls } from './platforms';

/** Time from the login initiation to the platform's form post. */
const STATE_TTL_MS = 10 * 60_000;
/** An id_token issued longer ago than this is refused, whatever its exp. */
const MAX_TOKEN_AGE = '10 minutes';
const CLOCK_TOLERANCE_S = 60;

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinking: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  dlData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  dlItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  presentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
} as const;

export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;

export const refused = (code: string, status: number, key: Parameters<typeof message>[0]) =>
  new AppError(code, status, message(key));

export type Platform = typeof ltiPlatforms.$inferSelect;

/** A verified launch: the platform it came from and the id_token's claims. */
export interface Launch {
  platform: Platform;
  claims: JWTPayload & Record<string, unknown>;
  messageType: (typeof MESSAGE_TYPES)[number];
  deploymentId: string;
}

export const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const random = () => randomBytes(32).toString('base64url');
export const stateCookie = (state: string) => `playshop_lti_${state.slice(0, 43)}`;

interface LaunchDeps {
  db: Db;
  publicUrl: string;
  allowPrivate: boolean;
  now: () => Date;
  /** The platforms' keysets by address, each cached by jose (and fetched again for an unknown kid). */
  keysets: Map<string, ReturnType<typeof createRemoteJWKSet>>;
}

function keysetOf({ keysets, allowPrivate }: LaunchDeps, url: string) {
  let set = keysets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      timeoutDuration: 10_000,
      cacheMaxAge: 10 * 60_000,
      ...(allowPrivate ? {} : { [customFetch]: publicFetch as never }),
    });
    keysets.set(url, set);
  }
  return set;
}

/** The organization's platform a login names: by issuer and client id (the only one of the issuer if none). */
async function platformFor(db: Db, orgId: number, issuer: string, clientId: string | undefined) {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(
      and(
        eq(ltiPlatforms.orgId, orgId),
        eq(ltiPlatforms.issuer, issuer),
        clientId ? eq(ltiPlatforms.clientId, clientId) : undefined,
      ),
    )
    .limit(2);
  if (rows.length !== 1) throw refused('LTI_UNKNOWN_PLATFORM', 400, 'lti.unknownPlatform');
  return rows[0]!;
}

/** The login initiation: the platform's auth address to send the browser to, and the state to bind. */
async function login(deps: LaunchDeps, orgId: number, params: Record<string, unknown>) {
  const p = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : undefined);
  const iss = p('iss');
  const loginHint = p('login_hint');
  const target = p('target_link_uri');
  if (!iss || !loginHint || !target) throw refused('LTI_FAILED', 400, 'lti.launchFailed');
  const { launchUrl } = toolUrls(deps.publicUrl, orgId);
  // Only this organization's launch address is a target (never an open redirect).
  if (target.split('?')[0] !== launchUrl) throw refused('LTI_FAILED', 400, 'lti.launchFailed');
  const platform = await platformFor(deps.db, orgId, iss, p('client_id'));
  const deployment = p('lti_deployment_id');
  if (deployment && !platform.deploymentIds.includes(deployment))
    throw refused('LTI_UNKNOWN_DEPLOYMENT', 403, 'lti.unknownDeployment');
  const state = random();
  const nonce = random();
  await deps.db.insert(ltiStates).values({
    state,
    nonce,
    platformId: platform.id,
    expiresAt: new Date(deps.now().getTime() + STATE_TTL_MS),
  });
  const url = new URL(platform.authUrl);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: launchUrl,
    login_hint: loginHint,
    lti_message_hint: p('lti_message_hint'),
    state,
    nonce,
  };
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return { redirect: url.href, state };
}

/** The state spent (once, before it expires): its nonce and platform. */
async function spendState({ db, now }: LaunchDeps, state: string) {
  const [row] = await db
    .update(ltiStates)
    .set({ usedAt: now() })
    .where(and(eq(ltiStates.state, state), isNull(ltiStates.usedAt), gt(ltiStates.expiresAt, now())))
    .returning();
  if (!row) throw refused('LTI_STATE', 400, 'lti.stateInvalid');
  return row;
}

/** The id_token's signature (the platform's keyset) and registered claims; azp with several audiences. */
async function verify(deps: LaunchDeps, platform: Platform, idToken: string) {
  try {
    const { payload } = await jwtVerify(idToken, keysetOf(deps, platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
      maxTokenAge: MAX_TOKEN_AGE,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: deps.now(),
    });
    // Several audiences: the authorized party must be this tool (OIDC Core §3.1.3.7, LTI 1.3 §5.1.3).
    const several = Array.isArray(payload.aud) && payload.aud.length > 1;
    if ((several || payload.azp !== undefined) && payload.azp !== platform.clientId)
      throw new Error('azp is not this tool');
    return payload as Launch['claims'];
  } catch {
    throw refused('LTI_TOKEN', 401, 'lti.tokenInvalid');
  }
}

/** The platform's form post: the browser's state checked, the id_token verified. */
async function launch(
  deps: LaunchDeps,
  orgId: number,
  form: Record<string, unknown>,
  browserHasState: (s: string) => boolean,
): Promise<Launch> {
  const state = typeof form.state === 'string' ? form.state : '';
  const idToken = typeof form.id_token === 'string' ? form.id_token : '';
  if (!state || !idToken) throw refused('LTI_FAILED', 400, 'lti.launchFailed');
  if (!browserHasState(state)) throw refused('LTI_STATE', 400, 'lti.stateInvalid');
  const spent = await spendState(deps, state);
  const [platform] = await deps.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, spent.platformId));
  if (!platform || platform.orgId !== orgId)
    throw refused('LTI_UNKNOWN_PLATFORM', 400, 'lti.unknownPlatform');
  const claims = await verify(deps, platform, idToken);
  // The nonce of this login, nobody else's: a token replayed with a new login is refused.
  if (claims.nonce !== spent.nonce) throw refused('LTI_STATE', 400, 'lti.stateInvalid');
  const messageType = claims[CLAIM.messageType];
  if (claims[CLAIM.version] !== '1.3.0' || !MESSAGE_TYPES.includes(messageType as never))
    throw refused('LTI_MESSAGE', 400, 'lti.wrongMessage');
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId))
    throw refused('LTI_UNKNOWN_DEPLOYMENT', 403, 'lti.unknownDeployment');
  return { platform, claims, messageType, deploymentId } as Launch;
}

/**
 * The OIDC third-party login and the launch it ends in (1EdTech Security Framework 1.0 §5.1.1):
 * state and nonce made here, each good once; the id_token's signature checked with the platform's
 * keyset (fetched and cached by jose), then iss, aud/azp, exp/iat, nonce, version, message type and
 * deployment id.
 */
export function ltiLaunches(options: { db: Db; publicUrl: string; allowPrivate: boolean; now?: () => Date }) {
  const deps: LaunchDeps = { ...options, now: options.now ?? (() => new Date()), keysets: new Map() };
  return {
    login: (orgId: number, params: Record<string, unknown>) => login(deps, orgId, params),
    launch: (orgId: number, form: Record<string, unknown>, browserHasState: (s: string) => boolean) =>
      launch(deps, orgId, form, browserHasState),
    /** Login states past their time go (housekeeping): spent or not, none can be used any more. */
    async purge(): Promise<number> {
      const gone = await deps.db
        .delete(ltiStates)
        .where(lt(ltiStates.expiresAt, deps.now()))
        .returning({ state: ltiStates.state });
      return gone.length;
    },
  };
}

export type LtiLaunches = ReturnType<typeof ltiLaunches>;
