import { CARD_LINES } from '@playshop/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser } from '../apps/server/src/test/context';
import { hasChromium, PHONE, picture } from './support/browser';
import { demoFacilitator } from './support/demo-room';
import {
  DEMO_ORG_PATH,
  demoOrg,
  facilitatorOpens,
  hideRollAnimation,
  newPlayer,
  newRoom,
  readCard,
  rollButton,
} from './support/game';
import { browserSuite, poll, visible } from './support/suite';

/**
 * Issue 28 items 3, 4, 7, 8, 9 and issue 34 items 1, 2: the screens at the sizes a training room has.
 * The presenter at 1024×768, 1280×720, 1920×1080 and 3840×2160 shows every stage (lobby, game,
 * question, content, win) without scrolling or cut words; the facilitator at 1280×800 and 1366×768
 * reaches every control of the stage without scrolling, nothing covering the tally; a phone says Ready
 * and both staff screens show it; the question's script is on the facilitator's screen; the session
 * named is the question's while it is up; a win leaves every console clean (the confetti's worker).
 */
const suite = browserSuite();

const PRESENTER_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
];
const FACILITATOR_SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

/** Every console error and CSP violation a page reports, from now on. */
function watchConsole(page: Page, who: string, problems: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${who}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
}

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/**
 * What is wrong with the page's fit: a page taller or wider than the window, and any text, image or
 * chart outside the window or cut by a box that clips it.
 */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollHeight > window.innerHeight) problems.push(`page ${doc.scrollHeight} px tall`);
    if (doc.scrollWidth > window.innerWidth) problems.push(`page ${doc.scrollWidth} px wide`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const isShown = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && rect.width > 1 && rect.height > 1;
    };
    const hasOwnText = (el: Element) =>
      Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const items = Array.from(main.querySelectorAll('*')).filter(
      (el) =>
        isShown(el) && (hasOwnText(el) || ['IMG', 'VIDEO', 'IFRAME', 'svg', 'CANVAS'].includes(el.tagName)),
    );
    for (const el of items) {
      // Animated things (a tumbling ball) move within their own room.
      if (el.closest('[aria-hidden="true"]') && el.getAnimations({ subtree: false }).length > 0) continue;
      const rect = el.getBoundingClientRect();
      if (
        rect.bottom > window.innerHeight + 1 ||
        rect.right > window.innerWidth + 1 ||
        rect.top < -1 ||
        rect.left < -1
      ) {
        problems.push(`${describe(el)} outside the window`);
        continue;
      }
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        // A visually hidden copy for screen readers is clipped on purpose.
        if (a.getBoundingClientRect().width <= 1) break;
        const box = a.getBoundingClientRect();
        if (
          rect.bottom > box.bottom + 1 ||
          rect.right > box.right + 1 ||
          rect.top < box.top - 1 ||
          rect.left < box.left - 1
        ) {
          problems.push(`${describe(el)} cut by ${describe(a)}`);
          break;
        }
      }
      // Text wider than its own box is cut (white-space: nowrap inside a narrow element).
      if (
        hasOwnText(el) &&
        el.scrollWidth > el.clientWidth + 1 &&
        getComputedStyle(el).overflowX !== 'visible'
      ) {
        problems.push(`${describe(el)} wider than its box`);
      }
    }
    return [...new Set(problems)];
  });
}

/** At every presenter size: no misfit, the code on one line, then a screenshot to look at. */
async function checkPresenter(presenter: Page, stage: string, extra?: (page: Page) => Promise<void>) {
  for (const size of PRESENTER_SIZES) {
    await presenter.setViewportSize(size);
    await presenter.waitForTimeout(400);
    expect(await misfits(presenter), `presenter ${stage} at ${size.width}×${size.height}`).toEqual([]);
    await extra?.(presenter);
    if (size.width < 3840) {
      await picture(presenter, `sizes-presenter-${stage}-${size.width}`);
    }
  }
}

/** The room code is one line: its box is no taller than one line of its type. */
async function codeOnOneLine(presenter: Page) {
  const code = presenter.getByLabel(/^Room code [A-Z0-9]+$/);
  const { height, fontSize } = await code.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
  }));
  expect(height).toBeLessThan(fontSize * 1.5);
  expect(fontSize).toBeGreaterThan(40);
}

/** The button is inside the window and nothing covers its middle. */
async function reachable(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await poll(() => button.isVisible(), `${name} shown`).toBe(true);
  const ok = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
      return 'outside';
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (el === hit || el.contains(hit))
      ? 'ok'
      : `covered by ${hit?.tagName} ${hit?.textContent?.slice(0, 30)}`;
  });
  expect(ok, `${name} at ${JSON.stringify(page.viewportSize())}`).toBe('ok');
}

/** A region (the tally, the content) is in the window and not covered at its middle and its bottom. */
async function uncovered(page: Page, selector: string, label: string) {
  const result = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight)
        return `outside (${r.top}–${r.bottom} of ${window.innerHeight})`;
      for (const y of [r.top + r.height / 2, r.bottom - 4]) {
        const hit = document.elementFromPoint(r.left + r.width / 2, y);
        if (!hit || !(el === hit || el.contains(hit))) return `covered by ${hit?.tagName}`;
      }
      return 'ok';
    });
  expect(result, `${label} at ${JSON.stringify(page.viewportSize())}`).toBe('ok');
}

async function checkFacilitator(
  facilitator: Page,
  stage: string,
  controls: string[],
  regions: [string, string][] = [],
) {
  for (const size of FACILITATOR_SIZES) {
    await facilitator.setViewportSize(size);
    await facilitator.waitForTimeout(300);
    for (const name of controls) await reachable(facilitator, name);
    for (const [selector, label] of regions) await uncovered(facilitator, selector, label);
    await picture(facilitator, `sizes-facilitator-${stage}-${size.width}`);
  }
}

/**
 * Issue 28.8: while a ball tumbles, its swing never crosses its caption ('Rolling…'). Samples the
 * ball's box against the caption's for a second of the animation.
 */
async function tumbleClearOf(page: Page, caption: RegExp, who: string) {
  const text = page.getByText(caption).first();
  await poll(() => text.isVisible(), `${who} tumbling`).toBe(true);
  const overlaps = await text.evaluate(async (captionEl) => {
    const ball = document.querySelector('[class*="tumble"][data-letter]');
    if (!ball) return ['no tumbling ball'];
    const found: string[] = [];
    // The ball is a circle spinning about its centre: its box while rotated is larger than it is.
    const radius = (ball as HTMLElement).offsetWidth / 2;
    for (let i = 0; i < 20; i++) {
      const a = ball.getBoundingClientRect();
      const b = captionEl.getBoundingClientRect();
      const cx = a.left + a.width / 2;
      const cy = a.top + a.height / 2;
      const dx = cx - Math.max(b.left, Math.min(cx, b.right));
      const dy = cy - Math.max(b.top, Math.min(cy, b.bottom));
      if (dx * dx + dy * dy < radius * radius) {
        found.push(
          `ball at ${Math.round(cx)},${Math.round(cy)} r ${Math.round(radius)} over caption ${Math.round(b.left)},${Math.round(b.top)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return found;
  });
  expect(overlaps, `${who}: the tumbling ball crosses '${caption.source}'`).toEqual([]);
}

describe.runIf(hasChromium)('screens at every size', () => {
  it('presenter stages at 1024×768 to 3840×2160, the facilitator at 1280×800 and 1366×768, Ready, the script, a clean win', async () => {
    const problems: string[] = [];
    const roomId = await newRoom(suite.product, 'Sizes Room');
    const facilitator = await demoFacilitator(suite, FACILITATOR_SIZES[0]);
    await watchCsp(facilitator);
    watchConsole(facilitator, 'facilitator', problems);
    await facilitatorOpens(facilitator, suite.product, roomId, false);

    const presenter = await demoFacilitator(suite, PRESENTER_SIZES[0]);
    await watchCsp(presenter);
    // The audience never reads about the socket: any such text on the presenter is reported.
    await presenter.addInitScript(() => {
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        if (/websocket|Connecting…|Reconnecting…/i.test(text))
          console.error(`presenter says: ${text.slice(0, 80)}`);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    watchConsole(presenter, 'presenter', problems);
    await presenter.goto(`${suite.product.url}/${DEMO_ORG_PATH}/facilitator/online/rooms/present/${roomId}`);
    await poll(() => presenter.getByLabel(/^Room code /).isVisible()).toBe(true);

    // Two phones join; one says it is ready.
    const names = [await newPlayer(suite.product), await newPlayer(suite.product)];
    const phones: Page[] = [];
    for (const name of names) {
      const { page } = await suite.open(PHONE);
      await watchCsp(page);
      watchConsole(page, name, problems);
      await page.goto(`${suite.product.url}/`);
      await page.getByLabel('Organization').fill('Demo Org');
      await page.getByLabel('Username').fill(name);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(`**/${DEMO_ORG_PATH}/${encodeURIComponent(name)}/dashboard`);
      await page.goto(
        `${suite.product.url}/${DEMO_ORG_PATH}/${encodeURIComponent(name)}/play-game/${roomId}`,
      );
      await page.getByRole('button', { name: 'Join Game' }).click();
      phones.push(page);
    }
    await poll(() => presenter.getByRole('heading', { name: 'Players (2)' }).isVisible()).toBe(true);
    await visible(facilitator, '0 of 2 ready');
    await visible(presenter, '0 of 2 ready');
    await phones[0]!.getByRole('button', { name: "I'm ready" }).click();
    await visible(phones[0]!, 'You are ready: the game starts soon');
    await visible(facilitator, '1 of 2 ready');
    await visible(presenter, '1 of 2 ready');
    const facilitatorRow = facilitator
      .getByRole('list', { name: 'Players' })
      .getByRole('listitem')
      .filter({ hasText: names[0]! });
    await poll(() => facilitatorRow.getByText('Ready').isVisible()).toBe(true);
    expect(
      await facilitator
        .getByRole('list', { name: 'Players' })
        .getByRole('listitem')
        .filter({ hasText: names[1]! })
        .getByText('Ready')
        .count(),
    ).toBe(0);
    const wall = presenter.getByRole('list', { name: 'Players in the lobby' });
    await poll(() => wall.getByRole('listitem').filter({ hasText: names[0]! }).textContent()).toBe(
      `${names[0]} (Ready)`,
    );
    await poll(() => wall.getByRole('listitem').filter({ hasText: names[1]! }).textContent()).toBe(names[1]);
    await picture(phones[0]!, 'sizes-phone-ready');

    await checkPresenter(presenter, 'lobby', codeOnOneLine);
    await checkFacilitator(facilitator, 'lobby', ['Start Game', 'Open presenter view', 'End Game']);

    // The game: a ball lands; the phone's 'No balls rolled yet' goes once it has, in a row as tall as
    // the chips' (what is under it does not move when the first ball joins them).
    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => rollButton(facilitator).isEnabled()).toBe(true);
    const bottomOf = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return box && box.y + box.height;
    };
    await visible(phones[1]!, 'No balls rolled yet');
    const rowBefore = await bottomOf(phones[1]!.getByText('No balls rolled yet'));
    await rollButton(facilitator).click();
    await poll(() => phones[1]!.getByText('New ball').isVisible()).toBe(true);
    await Promise.all([
      tumbleClearOf(phones[1]!, /^Rolling a .* ball…$/, 'phone'),
      tumbleClearOf(presenter, /^Rolling…$/, 'presenter'),
      tumbleClearOf(facilitator, /^Rolling a .* ball…$/, 'facilitator'),
    ]);
    await poll(
      () => phones[1]!.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count(),
      'the landed ball joins the chips',
      8_000,
    ).toBe(1);
    expect(await phones[1]!.getByText('No balls rolled yet').count()).toBe(0);
    expect(await bottomOf(phones[1]!.getByRole('list', { name: 'Rolled balls, newest first' }))).toBeCloseTo(
      rowBefore!,
      0,
    );
    await poll(() => presenter.getByRole('group', { name: 'Last ball' }).isVisible()).toBe(true);
    await hideRollAnimation(facilitator);
    for (let rolls = 2; rolls <= 6; rolls++) {
      await poll(() => rollButton(facilitator).isEnabled()).toBe(true);
      await rollButton(facilitator).click();
      await poll(() => facilitator.getByText(`${rolls} of 75 rolled`).isVisible()).toBe(true);
    }
    await poll(() => presenter.getByText('6 of 75 called').isVisible()).toBe(true);
    await checkPresenter(presenter, 'game');
    await checkFacilitator(facilitator, 'game', ['Roll', 'Announce Winner', 'Send Content', 'End Game']);

    // Content: the welcome text, then the session's last item, the question.
    const send = facilitator.getByRole('button', { name: 'Send Content' });
    await send.click();
    await poll(() => presenter.getByRole('heading', { name: 'Welcome to the workshop' }).isVisible()).toBe(
      true,
    );
    await checkPresenter(presenter, 'content');
    await checkFacilitator(
      facilitator,
      'content',
      ['Roll', 'Send Content', 'Show script'],
      [['text=Sent content: Welcome to the workshop', 'content']],
    );
    await poll(() => send.isEnabled()).toBe(true);
    await send.click();
    const question = 'What should you do first when the fire alarm sounds?';
    await poll(() => presenter.getByRole('heading', { name: question }).isVisible()).toBe(true);
    // The question is the stage's main text: at least 5% of the screen's height.
    for (const size of PRESENTER_SIZES) {
      await presenter.setViewportSize(size);
      await presenter.waitForTimeout(200);
      const px = await presenter
        .getByRole('heading', { name: question })
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(px, `question at ${size.width}`).toBeGreaterThanOrEqual(0.05 * size.height);
    }
    // Issue 28.8: the question is Warm-up's last item; no screen names the next session while it is up.
    await visible(presenter, 'Demo Workshop · Warm-up');
    await visible(facilitator, 'Demo Workshop · Warm-up');
    expect(await presenter.getByText(/Working together/).count()).toBe(0);
    expect(await facilitator.getByText(/· Working together/).count()).toBe(0);
    // Issue 34.1: the facilitator's question view has the script, collapsed.
    const showScript = facilitator.getByRole('button', { name: 'Show script' });
    await poll(() => showScript.isVisible()).toBe(true);
    expect(await facilitator.getByText('Ask the room before revealing the answer').isVisible()).toBe(false);
    await showScript.click();
    await visible(facilitator, /Ask the room before revealing the answer/);
    expect(await presenter.getByText(/Ask the room before revealing/).count()).toBe(0);
    expect(await phones[0]!.getByText(/Ask the room before revealing/).count()).toBe(0);
    await facilitator.getByRole('button', { name: 'Hide script' }).click();
    // A phone answers; the tally counts it.
    await phones[0]!.getByRole('button', { name: /Leave by the nearest exit/ }).click();
    await poll(() => facilitator.getByText('1 answer', { exact: true }).isVisible()).toBe(true);
    await checkPresenter(presenter, 'question');
    await checkFacilitator(
      facilitator,
      'question',
      ['Close answers', 'Reveal answer', 'Roll', 'Announce Winner'],
      [['[data-slot="facilitator-tally"]', 'tally']],
    );
    await facilitator.getByRole('button', { name: 'Reveal answer' }).click();
    await poll(() => presenter.locator('li[data-correct]').textContent()).toContain(
      'Leave by the nearest exit',
    );
    await checkPresenter(presenter, 'answer');

    // The next session's image and video fill the stage.
    await send.click();
    await poll(() => presenter.getByRole('img', { name: 'Strong teams' }).isVisible()).toBe(true);
    await visible(presenter, 'Demo Workshop · Working together');
    await presenter
      .getByRole('img', { name: 'Strong teams' })
      .evaluate((img: HTMLImageElement) => img.decode());
    await checkPresenter(presenter, 'image', async (page) => {
      const share = await page
        .getByRole('img', { name: 'Strong teams' })
        .evaluate((el) => el.getBoundingClientRect().height / window.innerHeight);
      expect(share).toBeGreaterThan(0.4);
    });
    await send.click();
    await poll(() => presenter.getByRole('heading', { name: 'Why feedback matters' }).isVisible()).toBe(true);
    await checkPresenter(presenter, 'video', async (page) => {
      const width = await page
        .locator('video')
        .evaluate((el) => el.getBoundingClientRect().width / window.innerWidth);
      expect(width).toBeGreaterThan(0.4);
    });

    // A win: the phones auto-mark, the first with a line claims; every screen celebrates with a clean console.
    for (const phone of phones) await phone.getByRole('switch', { name: /Auto-mark/ }).check();
    let winner: Page | null = null;
    for (let rolls = 7; rolls <= 75 && !winner; rolls++) {
      await poll(() => rollButton(facilitator).isEnabled()).toBe(true);
      await rollButton(facilitator).click();
      await poll(() => facilitator.getByText(`${rolls} of 75 rolled`).isVisible()).toBe(true);
      for (const phone of phones) {
        const cells = await readCard(phone);
        const lined = CARD_LINES.some((line) =>
          line.cells.every(([r, c]) => cells[r * 5 + c]!.state === 'marked'),
        );
        if (lined) {
          winner = phone;
          break;
        }
      }
    }
    expect(winner).not.toBeNull();
    await winner!.getByRole('button', { name: 'Bingo!' }).click();
    await poll(() => presenter.getByText('Congratulations!').isVisible()).toBe(true);
    await poll(() => facilitator.getByText('Congratulations!').isVisible()).toBe(true);
    await poll(() => phones[1]!.getByText('Congratulations!').isVisible()).toBe(true);
    // The confetti flies for a few seconds: long enough for a blocked worker to have said so.
    await presenter.waitForTimeout(1500);
    await checkPresenter(presenter, 'win');
    await checkFacilitator(facilitator, 'win', ['Close', 'Announce Winner', 'Start New Game', 'End Game']);
    expect(problems).toEqual([]);
  }, 600_000);

  it('a lobby of 200: the count and a name wall that fits at every presenter size', async () => {
    const roomId = await newRoom(suite.product, 'Big Lobby Room');
    const facilitator = await demoFacilitator(suite, FACILITATOR_SIZES[1]);
    await facilitatorOpens(facilitator, suite.product, roomId, false);
    const presenter = await demoFacilitator(suite, PRESENTER_SIZES[0]);
    await presenter.goto(`${suite.product.url}/${DEMO_ORG_PATH}/facilitator/online/rooms/present/${roomId}`);
    await poll(() => presenter.getByLabel(/^Room code /).isVisible()).toBe(true);

    // 200 players join over the real socket (phones without a browser), every third one ready.
    const org = await demoOrg(suite.product);
    const join = async (i: number) => {
      const user = await createUser(suite.product.database, 'PLAYER', org.id);
      const res = await suite.product.app.inject({
        method: 'POST',
        url: '/api/v1/participantLogin',
        payload: { username: user.username, orgId: org.id },
      });
      const { accessToken } = res.json() as { accessToken: string };
      const ws = new WebSocket(`${suite.product.url.replace('http', 'ws')}/ws?token=${accessToken}`, {
        origin: suite.product.url,
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'join_room', roomId } }));
      if (i % 3 === 0) ws.send(JSON.stringify({ type: 'ready', payload: { roomId } }));
      return ws;
    };
    const sockets: WebSocket[] = [];
    // Twenty at a time: a join storm of seconds rather than minutes one by one.
    for (let i = 0; i < 200; i += 20) {
      sockets.push(...(await Promise.all(Array.from({ length: 20 }, (_, k) => join(i + k)))));
    }
    try {
      await poll(
        () => presenter.getByRole('heading', { name: 'Players (200)' }).isVisible(),
        'all joined',
        60_000,
      ).toBe(true);
      await visible(presenter, '67 of 200 ready');
      await visible(facilitator, '67 of 200 ready');
      for (const size of PRESENTER_SIZES) {
        await presenter.setViewportSize(size);
        await presenter.waitForTimeout(400);
        expect(await misfits(presenter), `presenter lobby of 200 at ${size.width}×${size.height}`).toEqual(
          [],
        );
        const shown = await presenter
          .getByRole('list', { name: 'Players in the lobby' })
          .getByRole('listitem')
          .count();
        const more = await presenter.getByText(/^and \d+ more$/).count();
        // Every name on the wall, or the newest that fit and 'and N more'.
        expect(shown === 200 || more === 1, `${shown} names at ${size.width}`).toBe(true);
        if (size.width < 3840) {
          await picture(presenter, `sizes-presenter-lobby-200-${size.width}`);
        }
      }
    } finally {
      for (const ws of sockets) ws.close();
    }
  }, 600_000);
});
