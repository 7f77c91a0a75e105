import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type BingoCard, CARD_LINES } from '@playshop/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  categories,
  content,
  gameEvents,
  games,
  printedCardSets,
  rooms,
  sessionContent,
  sessions,
  users,
  workshops,
} from '../../apps/server/src/db/schema';
import { printedCardsService } from '../../apps/server/src/print/printed-cards';
import { FIRE_EXIT_ANSWERS, insertQuestion } from '../../apps/server/src/test/question-room';
import { SHOTS_DIR, takesPictures } from './browser';
import { demoOrg } from './game';
import type { Product } from './server';

/** Was picked here first; it is every game test's now (support/game.ts). */
export { playForFourCorners } from './game';

/** What a training day's browser test shares (e2e/training-day.test.ts): its workshop, room and pictures. */

export const DAY_SESSIONS = ['Morning', 'Midday', 'Afternoon'] as const;
/** Each session's question: its answers, the first one right. */
export const DAY_ANSWERS = FIRE_EXIT_ANSWERS;
export const dayQuestion = (session: string) => `${session}: what do you do first when the alarm sounds?`;
export const dayNotes = (session: string) => `${session} notes`;

/**
 * A room of the demo organization on a workshop of three sessions, each a page of notes and then a
 * question (three answers, the first right): sending the question moves the room to the next session.
 */
export async function dayRoom(product: Product, name: string): Promise<number> {
  const { db } = product.database;
  const org = await demoOrg(product);
  const [workshop] = await db.insert(workshops).values({ name: 'Training day' }).returning();
  const [category] = await db.insert(categories).values({ name: 'Training day' }).returning();
  for (const [orderIndex, sessionName] of DAY_SESSIONS.entries()) {
    const [session] = await db
      .insert(sessions)
      .values({ workshopId: workshop!.id, name: sessionName, orderIndex })
      .returning();
    const [notes] = await db
      .insert(content)
      .values({
        title: dayNotes(sessionName),
        description: `What the ${sessionName.toLowerCase()} session covers, in a few words for the big screen.`,
        script: 'Read it aloud',
        type: 'OTHER',
        categoryId: category!.id,
      })
      .returning();
    const quiz = await insertQuestion(db, category!.id, {
      title: `${sessionName} quiz`,
      description: 'Fire safety',
      script: 'Wait for everyone to answer',
      question: dayQuestion(sessionName),
      answers: DAY_ANSWERS,
    });
    await db.insert(sessionContent).values([
      { sessionId: session!.id, contentId: notes!.id, orderIndex: 0 },
      { sessionId: session!.id, contentId: quiz.contentId, orderIndex: 1 },
    ]);
  }
  const [room] = await db.insert(rooms).values({ name, orgId: org.id, workshopId: workshop!.id }).returning();
  return room!.id;
}

/** A printed set of `count` cards for the room, as the facilitator's Print cards makes it. */
export async function printCards(product: Product, roomId: number, count: number) {
  const org = await demoOrg(product);
  const [facilitator] = await product.database.db
    .select()
    .from(users)
    .where(eq(users.email, product.facilitator.email));
  const actor = {
    userId: facilitator!.id,
    role: facilitator!.role,
    orgId: org.id,
    orgName: org.name,
    username: facilitator!.email!,
  };
  const set = await printedCardsService(product.database.db).create(actor, roomId, {
    count,
    cardsPerPage: 4,
  });
  const [row] = await product.database.db
    .select({ cards: printedCardSets.cards })
    .from(printedCardSets)
    .where(eq(printedCardSets.id, set.id));
  return { code: set.code, cards: row!.cards as BingoCard[] };
}

/**
 * The balls called in the room's running round, from its stored log. Start New Game is a `new_round`
 * event in the same game row, so the balls before the last one are not called any more.
 */
export async function calledBalls(product: Product, roomId: number): Promise<Set<number>> {
  const rows = await product.database.db
    .select({ type: gameEvents.type, payload: gameEvents.payload })
    .from(gameEvents)
    .innerJoin(games, eq(games.id, gameEvents.gameId))
    .where(
      and(
        eq(games.roomId, roomId),
        isNull(games.endedAt),
        inArray(gameEvents.type, ['ball_rolled', 'new_round']),
      ),
    )
    .orderBy(asc(gameEvents.seq));
  const called = new Set<number>();
  for (const row of rows) {
    if (row.type === 'new_round') called.clear();
    else called.add((row.payload as { number: number }).number);
  }
  return called;
}

/** Whether a card as the phone shows it (row by row, the free centre 0) has a called line. */
export const hasCalledLine = (cells: readonly number[], called: ReadonlySet<number>): boolean =>
  CARD_LINES.some((line) =>
    line.cells.every(([r, c]) => cells[r * 5 + c] === 0 || called.has(cells[r * 5 + c]!)),
  );

/** Every console error and uncaught exception of the pages watched, for a clean-console check. */
export function consoleWatch() {
  const problems: string[] = [];
  return {
    problems,
    watch(page: Page, name: string): Page {
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${name}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${name}: ${e.message}`));
      return page;
    },
  };
}

/** The presenter sizes the issue names (issue 28): a small projector, the Open presenter view window, 1080p. */
export const PRESENTER_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Pictures to look at are taken only when E2E_SCREENSHOTS=1, so the suite stays fast. */
export { takesPictures } from './browser';

/**
 * Pictures of the page at each size, as e2e/screenshots/day-<stage>-<w>x<h>.png (the viewport only:
 * what the room sees). The page's own size is restored after; nothing is reloaded.
 */
export async function stagePictures(
  page: Page,
  stage: string,
  sizes: readonly { width: number; height: number }[],
): Promise<void> {
  if (!takesPictures) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    // A frame for the layout at the new size (no animation waits: the stage is what it is now).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(SHOTS_DIR, `day-${stage}-${size.width}x${size.height}.png`) });
  }
  if (original) await page.setViewportSize(original);
}
