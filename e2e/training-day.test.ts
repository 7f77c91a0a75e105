import { winsPattern } from '@playshop/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, PHONE } from './support/browser';
import {
  calledBalls,
  consoleWatch,
  DAY_ANSWERS,
  DAY_SESSIONS,
  dayNotes,
  dayQuestion,
  dayRoom,
  hasCalledLine,
  PRESENTER_SIZES,
  playForFourCorners,
  printCards,
  stagePictures,
  takesPictures,
} from './support/day';
import {
  card,
  DEMO_ORG_PATH,
  facilitatorOpens,
  hideRollAnimation,
  newPlayer,
  playerJoins,
  readCard,
  rollOnce,
} from './support/game';
import { browserSuite, poll, visible } from './support/suite';

/**
 * A training day in one room (issue 28): three sessions of two games each, one played for four
 * corners with the session's notes and question (answered on ten phones, tallied, closed and
 * revealed), one called by the room's clock (auto-call). Ten phones (one a guest, one reloading
 * mid-game) and two presenters (1280×720 and 1920×1080) stay open all day and are never reloaded
 * or signed in again; the facilitator works at 1280×800. A printed card's claim is checked by its
 * serial; the room code of the first game still joins the last. Every console stays clean.
 * The steps share the day: each runs on from where the one before left the room.
 * With E2E_SCREENSHOTS=1 a third presenter is resized through 1024×768, 1280×720 and 1920×1080 at
 * each stage and the phone is pictured too (e2e/screenshots/day-*.png), to look at.
 */
const suite = browserSuite();
const consoles = consoleWatch();
const watch = consoles.watch;

const ROOM = 'Day Room';
const PHONES = 10;
/** A step's time: most take 20–40 s; the rolls on a machine shared with other suites take longer. */
const STEP_MS = 120_000;
/** The step that rolls by hand until a line wins: 15–30 rolls, each a round trip to ten phones. */
const LINE_STEP_MS = 240_000;
/** Four corners, as the engine checks it. */
const FOUR_CORNERS = { kind: 'four_corners' } as const;

interface Day {
  roomId: number;
  code: string;
  facilitator: Page;
  /** The 1280×720 and the 1920×1080 presenters, open all day. */
  presenters: Page[];
  /** Only with E2E_SCREENSHOTS=1: the presenter resized for pictures. */
  camera: Page | null;
  phones: Page[];
  printed: Awaited<ReturnType<typeof printCards>>;
}
let day: Day;

const everyScreen = () => [...day.presenters, ...(day.camera ? [day.camera] : [])];
/**
 * The same check on every page at once: each page is asked in turn all the same, but ten phones
 * are no longer waited on one after another (a round trip each, seconds a step on a busy machine).
 */
const onEvery = (pages: readonly Page[], check: (page: Page) => Promise<unknown>) =>
  Promise.all(pages.map(check));
/** Each phone's card numbers, row by row. */
const cardsOf = async (phones: readonly Page[]) =>
  new Map(await Promise.all(phones.map(async (p) => [p, (await readCard(p)).map((c) => c.number)] as const)));
const playersHeading = (page: Page, n: number) => page.getByRole('heading', { name: `Players (${n})` });
const rolledCount = async (page: Page) => {
  const text = await page
    .getByText(/^\d+ of 75 rolled$/)
    .first()
    .textContent();
  return Number(text?.split(' ')[0] ?? 0);
};

async function pictures(stage: string) {
  if (day.camera) await stagePictures(day.camera, `presenter-${stage}`, PRESENTER_SIZES);
}

/** Start Game, and every phone shows its card. */
async function startGame() {
  await day.facilitator.getByRole('button', { name: 'Start Game' }).click();
  await Promise.all(
    day.phones.map((phone) => poll(() => card(phone).isVisible(), 'card on phone').toBe(true)),
  );
}

/** End Game: the phones wait in the room (no empty lobby), the presenters say the room is closed. */
async function endGame() {
  const { facilitator } = day;
  await facilitator.getByRole('button', { name: 'End Game', exact: true }).click();
  await facilitator
    .getByRole('dialog', { name: 'End the game?' })
    .getByRole('button', { name: 'End Game' })
    .click();
  await facilitator.waitForURL(`**/${DEMO_ORG_PATH}/facilitator/online/rooms`);
  await onEvery(day.phones, (phone) => visible(phone, /Keep this screen open/));
  // Between games the phone says so, with no lobby card listing nobody.
  for (const count of await Promise.all(day.phones.map((phone) => phone.getByText(/^Players \(/).count())))
    expect(count).toBe(0);
  for (const presenter of everyScreen()) await visible(presenter, 'Room Closed');
}

/** Open Lobby from the rooms list: every screen kept open is in the new lobby, no reload. */
async function openNextLobby() {
  const { facilitator } = day;
  await facilitator.getByRole('button', { name: `Open Lobby of ${ROOM}` }).click();
  await facilitator.waitForURL(`**/play-game/${day.roomId}`);
  await visible(facilitator, 'Lobby open');
  // Each game starts with the organization's roll animation: hidden again, for 1 s rolls.
  await hideRollAnimation(facilitator);
  for (const presenter of everyScreen()) await visible(presenter, 'Lobby open');
  await poll(
    () => playersHeading(facilitator, day.phones.length).isVisible(),
    'phones back in the lobby',
  ).toBe(true);
  for (const presenter of day.presenters)
    await poll(() => playersHeading(presenter, day.phones.length).isVisible()).toBe(true);
}

/** A game called by the room's clock: auto-call every 10 s (its least) until a ball is called. */
async function autoCallGame() {
  const { facilitator } = day;
  await startGame();
  await facilitator.getByRole('textbox', { name: 'Every (seconds)' }).click();
  await facilitator.getByRole('option', { name: '10', exact: true }).click();
  const autoCall = facilitator.getByRole('switch', { name: 'Auto-call' });
  await autoCall.click();
  await poll(() => autoCall.isChecked()).toBe(true);
  for (const presenter of day.presenters) await visible(presenter, 'Auto-call every 10 s');
  await poll(() => rolledCount(facilitator), 'an auto-called ball', 25_000).toBeGreaterThan(0);
  const called = await calledBalls(suite.product, day.roomId);
  // The phones show the called ball without anyone pressing Roll.
  await onEvery(day.phones, (phone) =>
    poll(() =>
      phone.getByRole('list', { name: 'Rolled balls, newest first' }).getByRole('img').count(),
    ).toBeGreaterThanOrEqual(called.size),
  );
}

/** The session's notes, then its question: ten phones answer, the facilitator closes and reveals. */
async function notesAndQuestion(session: string) {
  const { facilitator, phones } = day;
  const send = facilitator.getByRole('button', { name: 'Send Content' });
  await send.click();
  await visible(facilitator, `Sent content: ${dayNotes(session)}`);
  for (const presenter of everyScreen())
    await poll(() => presenter.getByRole('heading', { name: dayNotes(session) }).isVisible()).toBe(true);
  await pictures('content');
  await send.click();
  const question = dayQuestion(session);
  await onEvery([...phones, ...everyScreen()], (screen) =>
    poll(() => screen.getByRole('heading', { name: question }).isVisible(), 'question shown').toBe(true),
  );
  // Phone i answers answer i mod 3: the first of every three is right.
  await Promise.all(
    phones.map((phone, i) =>
      phone.getByRole('button', { name: DAY_ANSWERS[i % DAY_ANSWERS.length], exact: true }).click(),
    ),
  );
  await visible(facilitator, `${phones.length} answers`);
  // The question is still named by its session while the room has moved on to the next one.
  await visible(facilitator, new RegExp(`· ${session}$`));
  await pictures('question');
  await facilitator.getByRole('button', { name: 'Close answers' }).click();
  await facilitator.getByRole('button', { name: 'Reveal answer' }).click();
  await visible(facilitator, `The correct answer: ${DAY_ANSWERS[0]}`);
  for (const presenter of everyScreen())
    await poll(() => presenter.locator('li[data-correct]').textContent()).toContain(DAY_ANSWERS[0]);
  await visible(phones[0]!, 'You were right!');
  await visible(phones[1]!, 'Not this time');
  await pictures('question-revealed');
}

/** Verifies a printed card's serial on the game screen's panel; answers what the panel said. */
async function verifySerial(serial: string) {
  const form = day.facilitator.getByRole('region', { name: 'Verify a card' });
  await form.getByLabel('Card serial').fill(serial);
  await form.getByRole('button', { name: 'Verify' }).click();
  return form;
}

describe.runIf(hasChromium)('a training day in one room', () => {
  it('morning: the room, two presenters and ten phones (one a guest) in the first lobby', async () => {
    const { product } = suite;
    const roomId = await dayRoom(product, ROOM);
    const printed = await printCards(product, roomId, 30);
    const facilitator = watch((await suite.open(DESKTOP)).page, 'facilitator');
    await facilitatorOpens(facilitator, product, roomId);
    await hideRollAnimation(facilitator);
    await visible(facilitator, `· ${DAY_SESSIONS[0]}`);

    // The room's code, and guests allowed for this room by its facilitator (the organization says no).
    const codeLabel = await facilitator
      .getByLabel(/^Room code [A-Z0-9]{6}$/)
      .first()
      .getAttribute('aria-label');
    const code = codeLabel!.replace('Room code ', '');
    await facilitator.getByRole('button', { name: 'Join code' }).click();
    const dialog = facilitator.getByRole('dialog', { name: `Join ${ROOM}` });
    const guests = dialog.getByRole('switch', { name: 'Let guests join this room' });
    // Clicked once the dialog has settled, with Playwright's checks (not forced into its opening transition).
    await poll(() => dialog.isVisible()).toBe(true);
    if (!(await guests.isChecked())) await guests.click();
    await poll(() => guests.isChecked()).toBe(true);
    await facilitator.keyboard.press('Escape');

    // Two presenters, at the Open presenter view window's size and at 1080p, opened once for the day.
    const present = `${product.url}/${DEMO_ORG_PATH}/facilitator/online/rooms/present/${roomId}`;
    const presenters: Page[] = [];
    for (const viewport of [PRESENTER_SIZES[1], PRESENTER_SIZES[2]]) {
      const page = watch(await facilitator.context().newPage(), `presenter ${viewport.width}`);
      await page.setViewportSize(viewport);
      await page.goto(present);
      await visible(page, 'Lobby open');
      presenters.push(page);
    }
    let camera: Page | null = null;
    if (takesPictures) {
      camera = watch(await facilitator.context().newPage(), 'presenter (pictures)');
      await camera.setViewportSize(PRESENTER_SIZES[2]);
      await camera.goto(present);
      await visible(camera, 'Lobby open');
    }

    // Nine players with an account and a guest who joins by the code with a nickname, all at once.
    const phones = await Promise.all(
      Array.from({ length: PHONES }, async (_, i) => {
        const page = watch((await suite.open(PHONE)).page, i === 0 ? 'guest' : `phone ${i}`);
        if (i === 0) {
          await page.goto(`${product.url}/join/${code}`);
          await page.getByRole('textbox', { name: /Nickname/ }).fill('Day Guest');
          await page.getByRole('button', { name: 'Join as guest' }).click();
          await page.waitForURL('**/play-game/*');
          await page.getByRole('button', { name: 'Join Game' }).click();
        } else {
          await playerJoins(page, product.url, await newPlayer(product), roomId);
        }
        return page;
      }),
    );
    // The guest is not the first answer's phone: phone 0 below is a player with an account.
    phones.push(phones.shift()!);
    day = { roomId, code, facilitator, presenters, camera, phones, printed };
    await poll(() => playersHeading(facilitator, PHONES).isVisible(), 'ten phones in the lobby').toBe(true);
    for (const presenter of presenters)
      await poll(() => playersHeading(presenter, PHONES).isVisible()).toBe(true);
    await pictures('lobby');
    await stagePictures(phones[0]!, 'phone-lobby', [PHONE]);
  }, 180_000);

  for (const [index, session] of DAY_SESSIONS.entries()) {
    const last = index === DAY_SESSIONS.length - 1;

    it(
      `${session}: a game on auto-call`,
      async () => {
        const { facilitator, phones } = day;
        await visible(facilitator, `· ${session}`);
        await autoCallGame();
        await endGame();
        if (index === 0) await stagePictures(phones[0]!, 'phone-between-games', [PHONE]);
        await openNextLobby();
      },
      STEP_MS,
    );

    it(
      `${session}: a game for four corners with the notes and the question${index === 0 ? ', a printed card checked' : ''}`,
      async () => {
        const { facilitator, phones } = day;
        if (last) {
          // The last game of the day: the code of the first game still joins it.
          const late = watch((await suite.open(PHONE)).page, 'late guest');
          await late.goto(`${suite.product.url}/join/${day.code}`);
          await late.getByRole('textbox', { name: /Nickname/ }).fill('Late Guest');
          await late.getByRole('button', { name: 'Join as guest' }).click();
          await late.waitForURL(`**/play-game/${day.roomId}`);
          await late.getByRole('button', { name: 'Join Game' }).click();
          await poll(() => playersHeading(facilitator, PHONES + 1).isVisible(), 'the late guest in').toBe(
            true,
          );
          await late.close();
          await poll(() => playersHeading(facilitator, PHONES).isVisible()).toBe(true);
        }
        await playForFourCorners(day.facilitator);
        await startGame();
        const cards = await cardsOf(phones);
        for (const presenter of day.presenters)
          await poll(() =>
            presenter.getByRole('group', { name: 'Win pattern' }).getByText('Four corners').isVisible(),
          ).toBe(true);
        await notesAndQuestion(session);
        await rollOnce(facilitator, 1);
        await rollOnce(facilitator, 2);
        await pictures('game');
        if (index === 0) {
          await stagePictures(phones[0]!, 'phone-game', [PHONE]);
          // A shouted claim on a printed card, checked by its serial against the balls called.
          const called = await calledBalls(suite.product, day.roomId);
          const { code, cards: printedCards } = day.printed;
          const serial = (i: number) => `${code}-${String(i + 1).padStart(3, '0')}`;
          const loses = printedCards.findIndex((c) => !winsPattern(FOUR_CORNERS, c, called));
          const panel = await verifySerial(serial(loses));
          await poll(() => panel.getByText('Not a bingo').isVisible()).toBe(true);
          await visible(facilitator, new RegExp(`Card ${serial(loses)} does not win Four corners yet`));
        }
        if (index === 1) {
          // A phone reloading mid-game gets its card back and stays in the game.
          const reloading = phones[2]!;
          await reloading.reload();
          await poll(async () => (await readCard(reloading).catch(() => [])).map((c) => c.number)).toEqual(
            cards.get(reloading),
          );
          await poll(() => playersHeading(facilitator, PHONES).isVisible()).toBe(true);
        }
        await endGame();
        if (!last) await openNextLobby();
      },
      STEP_MS,
    );
  }

  it(
    'Morning again: after its question Start New Game names the next session; a line wins on every screen',
    async () => {
      // Runs after the day's last session: the room is between games, on its first session again.
      const { facilitator, phones } = day;
      await openNextLobby();
      await startGame();
      await rollOnce(facilitator, 1);
      // The session's last item on screen names its session while the room has moved on to the next;
      // Start New Game clears it, and every screen names the session the room is on.
      const send = facilitator.getByRole('button', { name: 'Send Content' });
      await send.click();
      await visible(facilitator, `Sent content: ${dayNotes(DAY_SESSIONS[0])}`);
      await send.click();
      for (const presenter of day.presenters)
        await poll(() =>
          presenter.getByRole('heading', { name: dayQuestion(DAY_SESSIONS[0]) }).isVisible(),
        ).toBe(true);
      for (const screen of [facilitator, ...day.presenters]) await visible(screen, `· ${DAY_SESSIONS[0]}`);
      const before = await cardsOf(phones);
      await facilitator.getByRole('button', { name: 'Start New Game' }).click();
      await facilitator.getByRole('dialog').getByRole('button', { name: 'Start New Game' }).click();
      await visible(facilitator, '0 of 75 rolled');
      for (const screen of [facilitator, ...day.presenters]) await visible(screen, `· ${DAY_SESSIONS[1]}`);
      await visible(phones[0]!, `Session: ${DAY_SESSIONS[1]}`);
      await onEvery(phones, (phone) =>
        poll(async () => (await readCard(phone)).map((c) => c.number), 'a new card').not.toEqual(
          before.get(phone),
        ),
      );
      const cards = await cardsOf(phones);
      let winner: Page | undefined;
      for (let rolls = 1; rolls <= 75 && !winner; rolls++) {
        await rollOnce(facilitator, rolls);
        // This round's balls only: the one rolled before Start New Game is not called any more.
        await poll(async () => (await calledBalls(suite.product, day.roomId)).size).toBe(rolls);
        const called = await calledBalls(suite.product, day.roomId);
        winner = phones.find((phone) => hasCalledLine(cards.get(phone)!, called));
      }
      await winner!.getByRole('button', { name: 'Bingo!' }).click();
      await poll(() => winner!.getByText('Congratulations!').isVisible()).toBe(true);
      for (const presenter of everyScreen()) await visible(presenter, 'Congratulations!');
      await pictures('win');
      await stagePictures(winner!, 'phone-win', [PHONE]);
      await endGame();
    },
    LINE_STEP_MS,
  );

  it('after the day: a new code reaches both presenters at once; the old one says it was replaced', async () => {
    const { facilitator, code } = day;
    // Every screen's console stayed clean all day. Checked before the replaced code answers 410,
    // which the browser reports as a failed load by design.
    expect(consoles.problems).toEqual([]);

    // The next lobby shows the code on every screen; the facilitator replaces it.
    await openNextLobby();
    await facilitator.getByRole('button', { name: 'Join code' }).click();
    await facilitator
      .getByRole('dialog', { name: `Join ${ROOM}` })
      .getByRole('button', { name: 'New code' })
      .click();
    await facilitator
      .getByRole('dialog', { name: 'Issue a new room code?' })
      .getByRole('button', { name: 'New code' })
      .click();
    await poll(() => facilitator.getByLabel(`Room code ${code}`).count()).toBe(0);
    const label = await facilitator
      .getByLabel(/^Room code [A-Z0-9]{6}$/)
      .first()
      .getAttribute('aria-label');
    // The presenters, never reloaded, show the new code: pushed to them (the page polls nothing). The
    // wait is the browser files' usual one; how fast it arrives is not a test's to time (5 s failed
    // once under the whole suite's load, 5 December).
    for (const presenter of day.presenters)
      await poll(() => presenter.getByLabel(label!).count(), 'the new code on the presenter').toBeGreaterThan(
        0,
      );
    const late = (await suite.open(PHONE)).page;
    await late.goto(`${suite.product.url}/join/${code}`);
    await visible(late, 'This code has been replaced: ask your facilitator');
  });
});
