import { english } from '@playshop/messages/english';
import { message, type StaffLanguage } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Actor } from '../http/actor';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, badRequest } from '../http/errors';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import { playerCsvService } from './player-csv';
import { playerWriter } from './players';
import { findUser, type UserKind, userReader } from './reading';
import { staffWriter } from './staff';

export type { UserKind } from './reading';

/**
 * The admin area's users: the lists (reading.ts), players (players.ts, and their CSV import in
 * player-csv.ts), staff (staff.ts); the checks they share are in checks.ts.
 */
export function usersService(db: Db, ends: SessionEnds) {
  return {
    ...userReader(db),
    ...playerCsvService(db),
    ...playerWriter(db, ends),
    ...staffWriter(db, ends),

    /** The caller's own language of the staff screens (null: the browser's); sign-in replies carry it. */
    async setLanguage(actor: Actor, language: StaffLanguage | null) {
      await db.update(users).set({ language }).where(eq(users.id, actor.userId));
      return { language };
    },

    /** Deletes a user the caller may see; never the caller. Their sessions go with them. */
    async remove(actor: Actor, kind: UserKind, id: number): Promise<{ message: string }> {
      const target = await findUser(db, actor, kind, id);
      if (target.id === actor.userId) throw badRequest(message('users.cannotDeleteSelf'));
      // Their sessions end everywhere first: a ticket or socket of theirs is refused at once.
      await ends.end(sessionsOf.user(target.id), 'deleted');
      try {
        await db.delete(users).where(eq(users.id, target.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new AppError('USER_IN_USE', 409, message('errors.userInUse'));
        }
        throw error;
      }
      return { message: english('users.deleted') };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
