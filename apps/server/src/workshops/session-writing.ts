import {
  type CreateSessionWithContentInput,
  type EditSessionInput,
  message,
  type SessionReply,
} from '@playshop/shared';
import { count, eq } from 'drizzle-orm';
import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { sessionContent, sessions } from '../db/schema';
import { valueAt } from '../db/value-at';
import { notFound } from '../http/errors';
import { checkContent, fromDbError, lockRow, lockWorkshop, renumberSessions } from './checks';
import { presentSessions } from './reading';

/** Writing a workshop's sessions: each with its ordered content, numbered 0..n-1 in the workshop. */
export function sessionWriter(db: Db, contentSvc: Pick<ContentService, 'present'>) {
  const presentOne = async (id: number) => (await presentSessions(db, contentSvc, eq(sessions.id, id)))[0]!;
  /** The whole ordered content list of a session, written in place of what it had. */
  const writeContent = (tx: Db, sessionId: number, ids: number[]) =>
    ids.length
      ? tx
          .insert(sessionContent)
          .values(ids.map((contentId, orderIndex) => ({ sessionId, contentId, orderIndex })))
      : undefined;

  return {
    /** A new session with its ordered content, placed after the workshop's last session. */
    async createSession(input: CreateSessionWithContentInput): Promise<SessionReply> {
      const ids = await checkContent(db, input.content);
      const sessionId = await db
        .transaction(async (tx) => {
          await lockWorkshop(tx, input.workshopId);
          const [{ n }] = (await tx
            .select({ n: count() })
            .from(sessions)
            .where(eq(sessions.workshopId, input.workshopId))) as [{ n: number }];
          const [row] = await tx
            .insert(sessions)
            .values({ workshopId: input.workshopId, name: input.name, orderIndex: n })
            .returning({ id: sessions.id });
          await writeContent(tx, row!.id, ids);
          return row!.id;
        })
        .catch(fromDbError);
      return presentOne(sessionId);
    },

    /** Rename and/or replace the whole ordered content list (renumbered from 0). */
    async editSession(id: number, input: EditSessionInput): Promise<SessionReply> {
      const ids = input.sessionContent ? await checkContent(db, input.sessionContent) : undefined;
      await db
        .transaction(async (tx) => {
          await lockRow(tx, sessions.id, id, message('workshops.sessionNotFound'));
          if (input.name !== undefined)
            await tx.update(sessions).set({ name: input.name }).where(eq(sessions.id, id));
          if (ids) {
            await tx.delete(sessionContent).where(eq(sessionContent.sessionId, id));
            await writeContent(tx, id, ids);
          }
        })
        .catch(fromDbError);
      return presentOne(id);
    },

    /** Deletes a session; the workshop's other sessions close the gap. */
    async removeSession(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const workshopId = await valueAt(tx, sessions.workshopId, sessions.id, id);
        if (workshopId === undefined) throw notFound(message('workshops.sessionNotFound'));
        await lockWorkshop(tx, workshopId);
        await tx.delete(sessions).where(eq(sessions.id, id));
        await renumberSessions(tx, workshopId);
      });
    },
  };
}
