import { message, type UserReply, type ZCreatePlayer, type ZEditPlayer } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type Actor, orgForWrite } from '../http/actor';
import { conflict } from '../http/errors';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import { isUsernameTaken, writing } from './checks';
import { findUser } from './reading';

/** Adding and editing a player by hand (the CSV import is player-csv.ts). */
export function playerWriter(db: Db, ends: SessionEnds) {
  return {
    async createPlayer(actor: Actor, input: z.output<typeof ZCreatePlayer>): Promise<UserReply> {
      await orgForWrite(db, actor, input.organizationId);
      // Only the organization's own usernames count: another's are never revealed by a 409.
      if (await isUsernameTaken(db, input.username, input.organizationId))
        throw conflict(message('users.duplicateUsername'));
      const [row] = await writing('player', () =>
        db
          .insert(users)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            role: 'PLAYER',
            orgId: input.organizationId,
          })
          .returning({ id: users.id }),
      );
      return findUser(db, actor, 'player', row!.id);
    },

    async editPlayer(actor: Actor, input: z.output<typeof ZEditPlayer>): Promise<UserReply> {
      const current = await findUser(db, actor, 'player', input.id);
      if (input.organizationId !== current.organizationId) await orgForWrite(db, actor, input.organizationId);
      if (await isUsernameTaken(db, input.username, input.organizationId, current.id))
        throw conflict(message('users.duplicateUsername'));
      await writing('player', () =>
        db
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            orgId: input.organizationId,
          })
          .where(eq(users.id, current.id)),
      );
      // A move to another organization ends the player's sessions everywhere at once.
      if (input.organizationId !== current.organizationId)
        await ends.end(sessionsOf.user(current.id), 'moved');
      return findUser(db, actor, 'player', current.id);
    },
  };
}
