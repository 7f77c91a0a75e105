import type { Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { facilitatorOpens } from './game';
import { browserSuite } from './suite';

/**
 * One signed-in facilitator for a test file, on a new tab per room (sign-ins are throttled): the
 * returned function opens the room's game screen with the lobby open.
 */
export function facilitatorTabs(suite: ReturnType<typeof browserSuite>): (roomId: number) => Promise<Page> {
  let facilitatorPage: Page | undefined;
  return async (roomId) => {
    if (!facilitatorPage) {
      facilitatorPage = (await suite.open(DESKTOP)).page;
      await facilitatorOpens(facilitatorPage, suite.product, roomId);
      return facilitatorPage;
    }
    const page = await facilitatorPage.context().newPage();
    await facilitatorOpens(page, suite.product, roomId, false);
    return page;
  };
}

/** A game file's browser suite and its one facilitator (`facilitatorTabs`). */
export function gameSuite() {
  const suite = browserSuite();
  return { suite, facilitatorFor: facilitatorTabs(suite) };
}
