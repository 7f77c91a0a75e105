import { isOrgExpired, message, type ParticipantLoginInput } from '@playshop/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groupLoader } from '../db/group-loader';
import { organizations, rooms, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { escapeLike } from '../http/pagination';
import { type ResolvedJoinCode, resolveJoinCode } from '../rooms/join-codes';
import type { SessionKind, SignInClient } from '../sessions/sessions';
import { isOffensive, uniqueUsername } from './nicknames';
import type { SessionTokens } from './session-start';
import { type UserRow, userWithOrg } from './user-row';

/** The organization a player login names: by room code, id or (lower-case) name. */
interface PlayerScope {
  kind: 'code' | 'orgId' | 'org';
  value: string;
}

/** The parsed body of POST /participantLogin (trimmed, code normalised). */
type ParticipantLogin = Omit<ParticipantLoginInput, 'code'> & { code?: string };

const scopeCondition = ({ kind, value }: PlayerScope) =>
  kind === 'code'
    ? sql`${organizations.id} = (select ${rooms.orgId} from ${rooms} where ${rooms.joinCode} = ${value})`
    : kind === 'orgId'
      ? eq(organizations.id, Number(value))
      : sql`lower(${organizations.name}) = ${value}`;

/** Inserts the guest under the first free username for the nickname (two at once: retried). */
async function createGuest(db: Db, room: ResolvedJoinCode, nickname: string): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    const lower = nickname.toLowerCase();
    const taken = await db
      .select({ username: users.username })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${lower} or lower(${users.username}) like ${`${escapeLike(lower)} %`}`,
      );
    const username = uniqueUsername(
      nickname,
      taken.map((t) => t.username ?? ''),
    );
    const [created] = await db
      .insert(users)
      .values({
        firstName: nickname,
        lastName: '',
        username,
        role: 'PLAYER',
        orgId: room.orgId,
        isGuest: true,
        guestRoomId: room.roomId,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      return {
        id: created.id,
        email: null,
        username,
        active: true,
        role: 'PLAYER',
        passwordHash: null,
        isGuest: true,
        tokenVersion: 0,
        language: null,
        orgId: room.orgId,
        orgName: room.orgName,
      };
    }
    if (attempt >= 5) throw new AppError('CONFLICT', 409, message('errors.nicknameCrowded'));
  }
}

/** Participants signing in: a player by username alone, a guest by room code and nickname. */
export function playerSignIn(
  db: Db,
  startSession: (user: UserRow, kind: SessionKind, client: SignInClient) => Promise<SessionTokens>,
) {
  /**
   * Player lookups in groups: the sign-ins that arrive together are found with one query per
   * organization named, not one each (an event's crowd names the same one).
   */
  const findPlayer = groupLoader<PlayerScope & { username: string }, UserRow | null>(async (keys) => {
    const found = new Map<string, UserRow>();
    const scopes = new Map<string, PlayerScope>();
    for (const k of keys) scopes.set(`${k.kind}:${k.value}`, { kind: k.kind, value: k.value });
    for (const [id, scope] of scopes) {
      const usernames = [
        ...new Set(keys.filter((k) => `${k.kind}:${k.value}` === id).map((k) => k.username)),
      ];
      const rows = await userWithOrg(db).where(
        and(sql`lower(${users.username}) in ${usernames}`, eq(users.role, 'PLAYER'), scopeCondition(scope)),
      );
      for (const row of rows) found.set(`${id}|${row.username?.toLowerCase()}`, row);
    }
    return keys.map((k) => found.get(`${k.kind}:${k.value}|${k.username}`) ?? null);
  });

  return {
    /**
     * Players sign in with their username alone (SPEC §1), in the organization that the room code,
     * the organization's name or its id names: one query whichever it is.
     */
    async participantLogin(input: ParticipantLogin, client: SignInClient): Promise<SessionTokens> {
      const scope: PlayerScope = input.code
        ? { kind: 'code', value: input.code }
        : input.orgId !== undefined
          ? { kind: 'orgId', value: String(input.orgId) }
          : { kind: 'org', value: input.org?.toLowerCase() ?? '' };
      const user = await findPlayer.load({ ...scope, username: input.username.toLowerCase() });
      if (!user && input.code) {
        // A replaced code says so rather than 'unknown player' (looked up only when nothing matched).
        const codeError = await resolveJoinCode(db, input.code).then(
          () => null,
          (err: unknown) => err,
        );
        if (codeError instanceof AppError && codeError.statusCode === 410) throw codeError;
      }
      if (!user) throw new AppError('UNKNOWN_PLAYER', 404, message('errors.unknownPlayer'));
      // A guest has no username of their own to give: anyone who read it on screen could take it.
      if (user.isGuest) throw new AppError('GUEST_ACCOUNT', 403, message('join.guestNoUsername'));
      return startSession(user, 'player', client);
    },

    /**
     * A participant without an account joins a room by its code with a nickname, where the room's
     * organization allows guests and its lobby is open: a PLAYER is created (flagged as a guest of
     * the room) and signed in.
     */
    async guestLogin(
      code: string,
      nickname: string,
      client: SignInClient,
    ): Promise<SessionTokens & { roomId: number }> {
      const room = await resolveJoinCode(db, code);
      // The same answer as an unknown code: a guess must not tell a real room from a bogus one.
      if (!room.guestsAllowed) throw notFound(message('join.unknownCode'));
      if (isOrgExpired(room.orgExpiry)) throw new AppError('ORG_EXPIRED', 403, message('errors.orgExpired'));
      if (room.gameId === null) throw new AppError('LOBBY_NOT_OPEN', 409, message('game.lobbyNotOpen'));
      if (isOffensive(nickname))
        throw new AppError('BAD_NICKNAME', 400, message('join.nicknameBlocked'), 'nickname');
      const user = await createGuest(db, room, nickname);
      return { ...(await startSession(user, 'guest', client)), roomId: room.roomId };
    },
  };
}
