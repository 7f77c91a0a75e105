import { z } from 'zod/mini';
import { DELETE, endpoints, GET, POST, PUT } from './endpoint';
import { zLine } from './input';
import { ZLanguage } from './languages';
import { ZRoomBranding } from './room-branding';
import {
  ZErrorReply,
  ZIdParam,
  ZLogin,
  ZLoginReply,
  ZMessageReply,
  ZRequestReset,
  ZResetPassword,
} from './schemas';
import { key } from './server-messages';
import { ZPasswordLoginReply } from './two-factor-step';

/**
 * Room codes: 6 characters from 31 that cannot be mistaken for one another when read aloud or typed
 * on a phone (no 0/O, 1/I/L): 887 million codes.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/** What a person typed ("abc 234", "ABC-234") as the stored code ("ABC234"). */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** "ABC234" → "ABC 234": two groups are easier to read aloud. */
export function formatJoinCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

export const ZJoinCode = z.pipe(
  z.pipe(zLine().check(z.maxLength(40)), z.transform(normalizeJoinCode)),
  z.string().check(
    z.minLength(1, key('join.codeRequired')),
    z.refine(
      (v) => v.length === JOIN_CODE_LENGTH && [...v].every((c) => JOIN_CODE_ALPHABET.includes(c)),
      key('join.unknownCode'),
    ),
  ),
);

export const NICKNAME_MAX = 24;
/** Letters and digits of any script, spaces and common punctuation. */
const NICKNAME_CHARS = /^[\p{L}\p{M}\p{N} .,'!?&()_-]+$/u;

/** A guest's nickname, spaces collapsed. The server also checks it against a block list. */
export const ZNickname = z.pipe(
  z.pipe(
    zLine().check(z.maxLength(200, key('join.nicknameTooLong'))),
    z.transform((v) => v.trim().replace(/\s+/g, ' ')),
  ),
  z
    .string()
    .check(
      z.minLength(1, key('join.nicknameRequired')),
      z.maxLength(NICKNAME_MAX, key('join.nicknameTooLong')),
      z.regex(NICKNAME_CHARS, key('join.nicknameInvalid')),
    ),
);

/**
 * POST /participantLogin. The username alone (SPEC §1), scoped to an organization named by the room
 * code, the organization's name or its id: a username guessed in one organization opens nothing in
 * another (docs/decisions.md, Joining).
 */
export const ZParticipantLogin = z
  .object({
    // zLine: NUL reached the database and answered 500 (issue 30); now a 400 naming the field.
    username: zLine().check(z.trim(), z.minLength(1, key('validation.usernameRequired')), z.maxLength(100)),
    org: z.optional(zLine().check(z.trim(), z.maxLength(100))),
    orgId: z.optional(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
    code: z.optional(ZJoinCode),
  })
  .check(
    z.refine((v) => !!v.org || v.orgId !== undefined || v.code !== undefined, {
      message: key('join.organizationRequired'),
      path: ['org'],
    }),
  );
export type ParticipantLoginInput = z.input<typeof ZParticipantLogin>;

/** POST /guestLogin: a nickname and the room's code. */
export const ZGuestLogin = z.object({ code: ZJoinCode, nickname: ZNickname });
export type GuestLoginInput = z.input<typeof ZGuestLogin>;

/** The reply of POST /guestLogin: a session, and the room to go to. */
export const ZGuestLoginReply = z.extend(ZLoginReply, { roomId: z.number().check(z.int()) });
export type GuestLoginReply = z.infer<typeof ZGuestLoginReply>;

/** GET /join/{code}: what a phone needs before its person signs in. */
export const ZJoinInfo = z.object({
  code: z.string(),
  roomId: z.number().check(z.int()),
  roomName: z.string(),
  org: z.string(),
  orgId: z.number().check(z.int()),
  guestsAllowed: z.boolean(),
  lobbyOpen: z.boolean(),
  /** The organization's look for the join page; only a real code gets this far (issue 30). */
  branding: z.optional(z.nullable(ZRoomBranding)),
  /** The room's language (its own, else its organization's): the join page's, unless the phone chose. */
  language: z.optional(ZLanguage),
});
export type JoinInfo = z.infer<typeof ZJoinInfo>;

/** PUT /rooms/{id}/guests: the facilitator's choice for the room they run. */
export const ZRoomGuests = z.strictObject({ allowGuests: z.nullable(z.boolean()) });
export type RoomGuestsInput = z.input<typeof ZRoomGuests>;

/** GET /rooms/{id}/join-code: the facilitator's code, and what the join link's address is made of. */
export const ZRoomJoinCode = z.object({
  code: z.string(),
  /** PUBLIC_URL when it is set; the page then builds the link on it. */
  publicUrl: z.nullable(z.string()),
  /** The server's network IPv4 addresses, for a page loaded from localhost. */
  networkAddresses: z.array(z.string()),
  /** Whether guests may join this room now: the room's own choice, else its organization's setting. */
  guestsAllowed: z.boolean(),
  /** The facilitator's choice for this room; null follows the organization's setting. */
  roomAllowsGuests: z.nullable(z.boolean()),
});
export type RoomJoinCode = z.infer<typeof ZRoomJoinCode>;

/** A room's join code: read (GET) and replaced (POST) at one address. */
const joinCodeSpec = {
  path: '/rooms/:id/join-code',
  params: ZIdParam,
  reply: ZRoomJoinCode,
  access: 'runRooms',
} as const;

export const JOIN_API = endpoints(['joining'], {
  /** Public and rate limited per IP by the server. */
  info: GET(
    {
      path: '/join/:code',
      params: z.object({ code: ZJoinCode }),
      reply: ZJoinInfo,
      access: 'public',
      errors: { 410: ZErrorReply, 429: ZErrorReply },
    },
    "The room a join code opens: its name, organization, whether guests may join and the lobby's state",
  ),
  joinCode: GET(
    joinCodeSpec,
    "The room's join code for the facilitator screen, with PUBLIC_URL and the network addresses",
  ),
  replaceCode: POST(
    joinCodeSpec,
    "A new join code for the room; the old one answers 'This code has been replaced'",
  ),
  setGuests: PUT(
    {
      path: '/rooms/:id/guests',
      params: ZIdParam,
      body: ZRoomGuests,
      reply: ZRoomJoinCode,
      access: 'runRooms',
    },
    "Allow or refuse guests in this room (null: follow the organization's setting)",
  ),
  removeGuests: DELETE(
    {
      path: '/rooms/:id/guests',
      params: ZIdParam,
      reply: z.object({ message: z.string(), removed: z.number().check(z.int()) }),
      access: 'manageRooms',
    },
    'Remove every guest who joined through this room, once its game is over (admins)',
  ),
});

const tooMany = { 429: ZErrorReply };

/**
 * Sign-in, session and password endpoints: all public (the server rate limits them per IP and per
 * account). Here rather than in schemas.ts because the player and guest sign-ins are defined above.
 */
export const AUTH_API = endpoints(['auth'], {
  // The reply is the session, or the second step where two-factor sign-in applies (two-factor-step.ts).
  login: POST(
    { path: '/login', body: ZLogin, reply: ZPasswordLoginReply, access: 'public', errors: tooMany },
    'Staff sign-in with email and password',
  ),
  participantLogin: POST(
    {
      path: '/participantLogin',
      body: ZParticipantLogin,
      reply: ZLoginReply,
      access: 'public',
      errors: { ...tooMany, 410: ZErrorReply },
    },
    'Player sign-in with a username, in the organization named by a room code, org (name) or orgId',
  ),
  guestLogin: POST(
    {
      path: '/guestLogin',
      body: ZGuestLogin,
      reply: ZGuestLoginReply,
      access: 'public',
      tags: ['auth', 'joining'],
      errors: { ...tooMany, 410: ZErrorReply },
    },
    'Join a room by its code with a nickname, where the room (else its organization) allows guests',
  ),
  /** The web client calls this itself (with the CSRF header) when a token is refused. */
  refresh: POST(
    { path: '/refresh', reply: ZLoginReply, access: 'public' },
    'Rotate the refresh cookie; needs the header x-requested-with: playshop',
  ),
  logout: POST(
    { path: '/logout', reply: z.null(), status: 204, access: 'public' },
    'Revoke the session and clear the cookie',
  ),
  requestReset: POST(
    { path: '/requestReset', body: ZRequestReset, reply: ZMessageReply, access: 'public', errors: tooMany },
    'Mail a password reset link (same answer whether the address exists or not)',
  ),
  resetPassword: POST(
    { path: '/resetPassword', body: ZResetPassword, reply: ZMessageReply, access: 'public', errors: tooMany },
    'Set a new password with a reset token',
  ),
});
