import { message, type UserReply, type ZCreateAdmin, type ZEditAdmin } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { hashNewPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type Actor, orgForWrite } from '../http/actor';
import { conflict, forbidden } from '../http/errors';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import { checkStaffRole, isEmailTaken, writing } from './checks';
import { findUser } from './reading';

/** Adding and editing staff: admins, facilitators and (by a super admin) super admins. */
export function staffWriter(db: Db, ends: SessionEnds) {
  return {
    async createAdmin(actor: Actor, input: z.output<typeof ZCreateAdmin>): Promise<UserReply> {
      checkStaffRole(actor, input.role);
      await orgForWrite(db, actor, input.organizationId);
      if (await isEmailTaken(db, input.email)) throw conflict(message('users.duplicateEmail'));
      const passwordHash = await hashNewPassword(input.password, input);
      const [row] = await writing('admin', () =>
        db
          .insert(users)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            passwordHash,
            role: input.role,
            orgId: input.organizationId,
          })
          .returning({ id: users.id }),
      );
      return findUser(db, actor, 'admin', row!.id);
    },

    /**
     * PATCH /edit-admin. Nobody changes their own role (an admin cannot raise it, a super admin cannot
     * lock themselves out); only a super admin gives Super Admin or moves a user to another organization.
     */
    async editAdmin(actor: Actor, input: z.output<typeof ZEditAdmin>): Promise<UserReply> {
      const current = await findUser(db, actor, 'admin', input.id);
      if (input.role !== current.role) {
        if (current.id === actor.userId) throw forbidden(message('users.cannotChangeOwnRole'));
        checkStaffRole(actor, input.role);
      }
      if (input.organizationId !== current.organizationId) await orgForWrite(db, actor, input.organizationId);
      if (await isEmailTaken(db, input.email, current.id)) throw conflict(message('users.duplicateEmail'));
      await writing('admin', () =>
        db
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            role: input.role,
            orgId: input.organizationId,
          })
          .where(eq(users.id, current.id)),
      );
      // A new role or organization ends the user's sessions everywhere at once.
      if (input.role !== current.role || input.organizationId !== current.organizationId)
        await ends.end(sessionsOf.user(current.id), input.role !== current.role ? 'role_changed' : 'moved');
      return findUser(db, actor, 'admin', current.id);
    },
  };
}
