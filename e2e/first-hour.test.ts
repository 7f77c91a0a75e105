/**
 * The first hour: the first start to a lobby with the join QR in four clicks, the top bar on
 * every signed-in screen (the game screens too), the admin tables on a phone, the longest names the
 * schemas allow, 320 px reflow, and a clean console on every route for every role.
 */
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { content, rooms, users, workshops } from '../apps/server/src/db/schema';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { demoFacilitator } from './support/demo-room';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite, poll } from './support/suite';
import { orgNamed, superAdminApi } from './support/super-admin';

const NARROW = { width: 320, height: 640 };

/** The longest names the shared schemas allow (organization 100, room 100, workshop 200, title 200). */
const LONG = {
  org: `Longname ${'Organisation '.repeat(8)}`.slice(0, 100).trim().padEnd(100, 'x'),
  room: `Room ${'Conference '.repeat(10)}`.slice(0, 100).trim().padEnd(100, 'r'),
  workshop: `Workshop ${'Onboarding '.repeat(20)}`.slice(0, 200).trim().padEnd(200, 'w'),
  title: `Title ${'Supercalifragilistic '.repeat(10)}`.slice(0, 200).trim().padEnd(200, 't'),
  firstName: 'Maximiliana'.padEnd(100, 'a'),
  username: `player-${'x'.repeat(93)}`,
};
const ids = { org: 0, room: 0, workshop: 0, content: 0, demoRoom: 0, demoOrg: 0, player: 0, admin: 0 };
const people = {
  admin: `admin@${'long'.repeat(10)}.test`,
  facilitator: `facilitator@${'long'.repeat(10)}.test`,
};

const suite = browserSuite();
/** One API call as the super admin; fails on anything but 2xx. */
const asSuperAdmin = superAdminApi(suite);
beforeAll(async () => {
  if (!hasChromium) return;
  const db = suite.product.database.db;
  const demo = await orgNamed(suite.product.database, 'Demo Org');
  ids.demoOrg = demo.id;
  ids.demoRoom = (await db.select().from(rooms).where(eq(rooms.orgId, demo.id)))[0]!.id;

  // An organization whose every name is as long as the schemas allow.
  const org = await asSuperAdmin('POST', '/create-organization', { name: LONG.org });
  ids.org = org.id;
  const category = await asSuperAdmin('POST', '/createcategory', { name: 'C'.repeat(100) });
  await asSuperAdmin('POST', '/create-content', {
    title: LONG.title,
    description: 'D'.repeat(300),
    categoryId: category.id,
    type: 'OTHER',
  });
  ids.content = (await db.select().from(content).where(eq(content.title, LONG.title)))[0]!.id;
  ids.workshop = (await asSuperAdmin('POST', '/create-workshop', { name: LONG.workshop, sections: [] })).id;
  await asSuperAdmin('POST', '/create-session-with-content', {
    section: { name: 'S'.repeat(200) },
    content: [ids.content],
    workshopId: ids.workshop,
  });
  await asSuperAdmin('POST', '/create-org-to-workshop', { orgId: ids.org, workshopId: ids.workshop });
  ids.room = (
    await asSuperAdmin('POST', '/createroom', { name: LONG.room, workshopId: ids.workshop, orgId: ids.org })
  ).id;
  for (const [email, role] of [
    [people.admin, 'ADMIN'],
    [people.facilitator, 'FACILITATOR'],
  ] as const) {
    await asSuperAdmin('POST', '/create-admin', {
      firstName: LONG.firstName,
      lastName: 'L'.repeat(100),
      email,
      role,
      organizationId: ids.org,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
  }
  await asSuperAdmin('POST', '/create-player', {
    firstName: LONG.firstName,
    lastName: 'P'.repeat(100),
    username: LONG.username,
    organizationId: ids.org,
  });
  ids.player = (await db.select().from(users).where(eq(users.username, LONG.username)))[0]!.id;
  ids.admin = (await db.select().from(users).where(eq(users.email, people.admin)))[0]!.id;
  expect((await db.select().from(workshops).where(eq(workshops.id, ids.workshop)))[0]!.name).toHaveLength(
    200,
  );
}, 120_000);

const enc = encodeURIComponent;

/** Whether the element lies wholly inside the viewport's width (no sideways scrolling to reach it). */
async function isWithinWidth(locator: Locator, width: number): Promise<boolean> {
  const box = await locator.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** The page's width beyond the viewport: 0 when nothing scrolls sideways. */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.runIf(hasChromium)('the first hour', () => {
  it('reaches the demo lobby with the join QR on screen in four clicks from signing in', async () => {
    const { page, context } = await suite.open(DESKTOP);
    let clicks = 0;
    const click = async (locator: Locator) => {
      clicks += 1;
      await locator.click();
    };
    await page.goto(`${suite.product.url}/admin-login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await click(page.getByRole('button', { name: 'Login' }));
    await page.waitForURL('**/Playshop/admin/dashboard');
    await poll(() => page.getByRole('heading', { name: 'Getting started' }).isVisible()).toBe(true);
    await expectAccessible(page, 'super admin dashboard');
    await screenshots(page, 'dashboard-super-admin');

    await click(page.getByRole('link', { name: 'Open the demo room' }));
    await page.waitForURL(`**/Demo%20Org/facilitator/online/rooms/play-game/${ids.demoRoom}`);
    await click(page.getByRole('button', { name: 'Open Lobby' }));
    await poll(() => page.getByText('Lobby open').first().isVisible()).toBe(true);
    await click(page.getByRole('button', { name: 'Join code' }));
    await poll(() => page.getByRole('img', { name: /QR code for/ }).isVisible()).toBe(true);
    expect(clicks).toBeLessThanOrEqual(4);

    // The game screen has the top bar: the user menu, logout, and the logo to the user's own home.
    await page.keyboard.press('Escape');
    const logo = page.getByRole('link', { name: 'Playshop home' });
    expect(await logo.getAttribute('href')).toBe('/Playshop/admin/dashboard');
    expect(await page.getByRole('button', { name: 'LOGOUT' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Account: ${ADMIN_EMAIL}` }).click();
    const menu = page.getByRole('menu');
    await poll(() => menu.isVisible()).toBe(true);
    expect(await menu.textContent()).toContain('Playshop');
    expect(await menu.textContent()).toContain('Super Admin');
    await page.keyboard.press('Escape');
    await logo.click();
    await page.waitForURL('**/Playshop/admin/dashboard');
    await context.close();
  });

  it("shows an admin their organization's rooms with state and players, recent games, licence and counts", async () => {
    const { page, context } = await suite.open(DESKTOP);
    await signInStaff(page, suite.product.url, people.admin, TEST_PASSWORD);
    await page.waitForURL(`**/${enc(LONG.org)}/admin/dashboard`);
    const roomsSection = page.getByRole('region', { name: 'Rooms' });
    await poll(() => roomsSection.getByText('Closed').isVisible()).toBe(true);
    expect(await roomsSection.getByText('0 players').isVisible()).toBe(true);
    // The counts and the recent games are queries of their own, which may land after the rooms.
    await poll(() => page.getByText('Games this month').isVisible()).toBe(true);
    await poll(() =>
      page.getByRole('region', { name: 'Recent games' }).getByText('No games yet').isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'admin dashboard');
    await screenshots(page, 'dashboard-admin');

    // The admin room view has the top bar and a way out.
    await page.goto(`${suite.product.url}/${enc(LONG.org)}/admin/rooms/play-game/${ids.room}`);
    await poll(() => page.getByRole('button', { name: 'Open Lobby' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Playshop home' }).getAttribute('href')).toBe(
      `/${enc(LONG.org)}/admin/dashboard`,
    );
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await page.waitForURL(`${suite.product.url}/`);
    await context.close();
  });

  it("lists a facilitator's rooms on their home, each run in one click", async () => {
    const page = await demoFacilitator(suite, PHONE);
    const run = page.getByRole('link', { name: 'Run Demo Room' });
    await poll(() => run.isVisible()).toBe(true);
    await screenshots(page, 'dashboard-facilitator');
    await run.click();
    await page.waitForURL(`**/Demo%20Org/facilitator/online/rooms/play-game/${ids.demoRoom}`);
    expect(await page.getByRole('button', { name: 'LOGOUT' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows every admin table row as a card with its actions in view at 390 px', async () => {
    const { page, context } = await suite.open(PHONE);
    await signInStaff(page, suite.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const tables: [path: string, name: string, actions: RegExp][] = [
      ['organizations', 'organizations', /^(Edit|Delete) /],
      ['admin-users', 'admins', /^(Edit|Delete) /],
      ['players', 'players', /^(Edit|Delete) /],
      ['workshops', 'workshops', /^(Edit|Delete) /],
    ];
    for (const [path, name, actions] of tables) {
      await page.goto(`${suite.product.url}/Playshop/admin/${path}`);
      const buttons = page.getByRole('table').getByRole('button', { name: actions });
      await poll(() => buttons.count(), path).toBeGreaterThan(0);
      for (const button of await buttons.all()) {
        expect(
          await isWithinWidth(button, PHONE.width),
          `${path}: ${await button.getAttribute('aria-label')}`,
        ).toBe(true);
      }
      expect(await overflowX(page), path).toBe(0);
      await screenshots(page, `phone-table-${name}`);
    }
    // The rooms table of the long-named organization: Open, Report and Delete in view.
    await page.goto(`${suite.product.url}/${enc(LONG.org)}/admin/rooms`);
    const open = page.getByRole('link', { name: `Open ${LONG.room}` });
    await poll(() => open.isVisible()).toBe(true);
    for (const action of [
      open,
      page.getByRole('button', { name: `Download report for ${LONG.room}` }),
      page.getByRole('button', { name: `Delete ${LONG.room}` }),
    ])
      expect(await isWithinWidth(action, PHONE.width)).toBe(true);
    expect(await overflowX(page)).toBe(0);
    await screenshots(page, 'phone-table-rooms');
    await context.close();
  });

  it("keeps the player's Join button whole beside the longest room name, the full name on hover", async () => {
    const { page, context } = await suite.open(PHONE);
    await page.goto(suite.product.url);
    await fillPlayerLogin(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/${enc(LONG.username)}/dashboard`);
    const join = page.getByRole('link', { name: /Join/ }).first();
    await poll(() => join.isVisible()).toBe(true);
    const box = (await join.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(60);
    expect(await isWithinWidth(join, PHONE.width)).toBe(true);
    expect(await page.getByTitle(LONG.room).count()).toBeGreaterThan(0);
    expect(await overflowX(page)).toBe(0);
    await screenshots(page, 'long-names-player');
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------------
// Every route × every role, at 1280, 390 and 320 px: no console error, no CSP report, no /refresh
// without a session, and (at phone widths) nothing wider than the screen.
// ---------------------------------------------------------------------------------------------------

type Who = 'anonymous' | 'player' | 'facilitator' | 'admin' | 'super admin';

function routesOf(who: Who): string[] {
  const org = enc(LONG.org);
  const admin = `/${org}/admin`;
  const fac = `/${org}/facilitator`;
  const player = `/${org}/${enc(LONG.username)}`;
  switch (who) {
    case 'anonymous':
      return [
        '/',
        '/admin-login',
        '/requestReset',
        '/reset-password?token=nope',
        '/unauthorized',
        '/nowhere',
      ];
    case 'player':
      return [`${player}/dashboard`, `${player}/play-game/${ids.room}`, `${player}/training`];
    case 'facilitator':
      return [
        `${fac}/enter`,
        `${fac}/online`,
        `${fac}/online/players`,
        `${fac}/online/rooms`,
        `${fac}/online/materials`,
        `${fac}/online/training`,
        `${fac}/online/rooms/play-game/${ids.room}`,
        `${fac}/traditional`,
        `${fac}/traditional/materials`,
      ];
    case 'admin':
      return [
        `${admin}/dashboard`,
        `${admin}/admin-users`,
        `${admin}/admin-users/edit-admin/${ids.admin}`,
        `${admin}/players`,
        `${admin}/players/edit-player/${ids.player}`,
        `${admin}/rooms`,
        `${admin}/rooms/play-game/${ids.room}`,
        `${admin}/materials`,
        `${admin}/training`,
        `${admin}/settings`,
      ];
    case 'super admin':
      return [
        '/Playshop/admin/dashboard',
        '/Playshop/admin/organizations',
        `/Playshop/admin/organizations/editorg/${ids.org}`,
        '/Playshop/admin/categories',
        '/Playshop/admin/content',
        '/Playshop/admin/content/add-content',
        `/Playshop/admin/content/edit-content/${ids.content}`,
        '/Playshop/admin/workshops',
        '/Playshop/admin/workshops/add-workshop',
        `/Playshop/admin/workshops/edit/${ids.workshop}`,
        '/Playshop/admin/materials',
        '/Playshop/admin/materials/upload',
        '/Playshop/admin/settings',
        `/${enc(LONG.org)}/admin/dashboard`,
        `/${enc(LONG.org)}/admin/rooms/play-game/${ids.room}`,
      ];
  }
}

/** A player's sign-in names the organization (remembered on the device after the first time). */
async function fillPlayerLogin(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(LONG.username);
  const org = page.getByLabel('Organization');
  if (await org.isVisible()) await org.fill(LONG.org);
}

async function signInAs(page: Page, who: Who): Promise<void> {
  if (who === 'anonymous') return;
  if (who === 'player') {
    await page.goto(suite.product.url);
    await fillPlayerLogin(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    return;
  }
  const [email, password] =
    who === 'super admin'
      ? [ADMIN_EMAIL, ADMIN_PASSWORD]
      : [who === 'admin' ? people.admin : people.facilitator, TEST_PASSWORD];
  await signInStaff(page, suite.product.url, email, password);
}

describe.runIf(hasChromium)('a clean console and reflow on every route', () => {
  for (const who of ['anonymous', 'player', 'facilitator', 'admin', 'super admin'] as const) {
    it(`${who}: every route at 1280, 390 and 320 px`, async () => {
      const { page, context } = await suite.open(DESKTOP);
      const problems: string[] = [];
      let where = 'sign-in';
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${where}: console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${where}: uncaught: ${e.message}`));
      page.on('request', (r) => {
        if (who === 'anonymous' && r.url().endsWith('/api/v1/refresh'))
          problems.push(`${where}: /refresh sent`);
      });
      // A CSP violation is reported to the page as an event, whether or not the console shows it.
      await page.exposeFunction('reportCsp', (text: string) => problems.push(`${where}: CSP: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportCsp: (t: string) => void }).reportCsp(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        );
      });

      await signInAs(page, who);
      for (const viewport of [DESKTOP, PHONE, NARROW]) {
        await page.setViewportSize(viewport);
        for (const route of routesOf(who)) {
          where = `${route} @${viewport.width}`;
          await page.goto(`${suite.product.url}${route}`);
          await page.waitForLoadState('networkidle');
          await poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), where).toBe(true);
          // Reflow (WCAG 1.4.10): nothing wider than a phone's screen outside data tables, which are cards here.
          if (viewport.width < DESKTOP.width) {
            const extra = await overflowX(page);
            if (extra > 0) problems.push(`${where}: ${extra}px wider than the screen`);
          }
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
