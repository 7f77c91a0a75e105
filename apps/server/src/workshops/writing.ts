import { message, type WorkshopListItem } from '@playshop/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { rooms, sessions, workshops } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import { assertNameFree, fromDbError, lockWorkshop, renumberSessions } from './checks';

/** Writing a workshop itself: create, rename and reorder its sessions, remove. */
export function workshopWriter(db: Db) {
  return {
    async create(name: string): Promise<WorkshopListItem> {
      await assertNameFree(db, name);
      try {
        const [row] = await db
          .insert(workshops)
          .values({ name })
          .returning({ id: workshops.id, name: workshops.name });
        return row!;
      } catch (error) {
        return fromDbError(error);
      }
    },

    /** Rename and, when `sessionOrder` lists every session id, reorder the sessions. */
    async edit(id: number, name: string, sessionOrder?: number[]): Promise<WorkshopListItem> {
      await assertNameFree(db, name, id);
      await db
        .transaction(async (tx) => {
          await lockWorkshop(tx, id);
          await tx.update(workshops).set({ name }).where(eq(workshops.id, id));
          if (!sessionOrder) return;
          const current = await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.workshopId, id));
          const same =
            sessionOrder.length === current.length &&
            new Set(sessionOrder).size === sessionOrder.length &&
            current.every((s) => sessionOrder.includes(s.id));
          if (!same) throw badRequest(message('validation.sessionsListEverySession'), 'sessions');
          await renumberSessions(tx, id, sessionOrder);
        })
        .catch(fromDbError);
      return { id, name };
    },

    async remove(id: number): Promise<void> {
      if (!(await hasRow(db, workshops.id, id))) throw notFound(message('workshops.workshopNotFound'));
      const used = await db
        .select({ name: rooms.name })
        .from(rooms)
        .where(eq(rooms.workshopId, id))
        .orderBy(asc(rooms.name));
      if (used.length) {
        throw new AppError(
          'WORKSHOP_IN_USE',
          409,
          message('errors.workshopInUseBy', { names: used.map((r) => r.name).join(', ') }),
        );
      }
      // Sessions, their content entries and organization links go with it (cascades).
      await db.delete(workshops).where(eq(workshops.id, id));
    },
  };
}
