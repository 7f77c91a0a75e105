import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, rooms } from '../apps/server/src/db/schema';
import { lanAddresses } from '../apps/server/src/http/network-addresses';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, PHONE, screenshots, signInStaff } from './support/browser';
import { browserSuite, poll, visible } from './support/suite';
import { orgNamed } from './support/super-admin';

// The suite.product as `npm start` runs it on a laptop: every interface, no PUBLIC_URL. Browsers open it
// at the machine's network address, as a phone on the same Wi-Fi would.
const lan = lanAddresses()[0];
let base: string;

const suite = browserSuite({ asOnALaptop: true });
beforeAll(() => {
  if (hasChromium && lan) base = suite.product.url.replace('127.0.0.1', lan);
});

const ORG = 'Demo%20Org';

async function person(viewport = DESKTOP) {
  const { page } = await suite.open(viewport);
  return page;
}

const demoOrg = () => orgNamed(suite.product.database, 'Demo Org');
const allowGuests = async (allowed: boolean) =>
  suite.product.database.db
    .update(organizations)
    .set({ allowGuests: allowed })
    .where(eq(organizations.name, 'Demo Org'));

describe.runIf(hasChromium && lan)('joining from a phone', () => {
  let facilitator: Page;
  let joinLink: string;
  let code: string;

  it('the facilitator screen, opened at the network address, shows the code, QR and link with that address', async () => {
    await allowGuests(true);
    facilitator = await person();
    await signInStaff(facilitator, base, suite.product.facilitator.email, suite.product.facilitator.password);
    const [room] = await suite.product.database.db.select().from(rooms).where(eq(rooms.name, 'Demo Room'));
    await facilitator.goto(`${base}/${ORG}/facilitator/online/rooms/play-game/${room!.id}`);
    await facilitator.getByRole('button', { name: 'Open Lobby' }).click();
    await poll(() => facilitator.getByText('Lobby open').first().isVisible()).toBe(true);
    await poll(() =>
      facilitator
        .getByLabel(/^Room code [A-Z2-9]{6}$/)
        .first()
        .isVisible(),
    ).toBe(true);
    code = (
      (await facilitator
        .getByLabel(/^Room code /)
        .first()
        .getAttribute('aria-label')) ?? ''
    ).slice(-6);

    await facilitator.getByRole('button', { name: 'Join code' }).click();
    joinLink = `${base}/join/${code}`;
    await poll(() => facilitator.getByText(joinLink, { exact: true }).isVisible()).toBe(true);
    await poll(() => facilitator.getByRole('img', { name: `QR code for ${joinLink}` }).isVisible()).toBe(
      true,
    );
    expect(joinLink).not.toContain('localhost');
    await expectAccessible(facilitator, 'join code');
    await screenshots(facilitator, 'joining-facilitator-code');
    await facilitator.keyboard.press('Escape');
  });

  it('a phone opens the link, types a nickname, lands in the lobby and plays', async () => {
    const phone = await person(PHONE);
    await phone.goto(joinLink);
    await visible(phone, 'DEMO ROOM');
    await expectAccessible(phone, 'join page');
    await screenshots(phone, 'joining-guest-form');
    await phone.getByRole('textbox', { name: /Nickname/ }).fill('Sam');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await phone.waitForURL(`**/${ORG}/Sam/play-game/*`);
    await phone.getByRole('button', { name: 'Join Game' }).click();
    await poll(() => phone.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    await poll(() => facilitator.getByRole('heading', { name: 'Players (1)' }).isVisible()).toBe(true);
    await visible(facilitator, 'Sam');

    await facilitator.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => phone.getByRole('group', { name: 'Your bingo card' }).isVisible()).toBe(true);
    await screenshots(phone, 'joining-guest-card');

    // A second "Sam" gets a name of their own.
    const other = await person(PHONE);
    await other.goto(joinLink);
    await other.getByRole('textbox', { name: /Nickname/ }).fill('sam');
    await other.getByRole('button', { name: 'Join as guest' }).click();
    await other.waitForURL(`**/${ORG}/sam%202/play-game/*`);
  });

  it('a page of another origin cannot open the game socket', async () => {
    // Another site: a page served by a server of its own, holding a real player token.
    const foreign = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      const org = await demoOrg();
      const login = await fetch(`${base}/api/v1/participantLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo-player-1', orgId: org.id }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const page = await person();
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      const open = (url: string) =>
        page.evaluate(
          (target) =>
            new Promise<string>((resolve) => {
              const ws = new WebSocket(target);
              ws.onopen = () => resolve('open');
              ws.onerror = () => resolve('refused');
            }),
          url,
        );
      expect(await open(`${base.replace('http', 'ws')}/ws?token=${encodeURIComponent(accessToken)}`)).toBe(
        'refused',
      );
    } finally {
      foreign.close();
    }
  });

  it('where guests are not allowed the link asks for a username only', async () => {
    await allowGuests(false);
    const phone = await person(PHONE);
    await phone.goto(joinLink);
    await visible(phone, 'DEMO ROOM');
    expect(await phone.getByRole('textbox', { name: /Nickname/ }).count()).toBe(0);
    await phone.getByRole('textbox', { name: /Username/ }).fill('demo-player-2');
    await phone.getByRole('button', { name: 'Sign in and join' }).click();
    await phone.waitForURL(`**/${ORG}/demo-player-2/play-game/*`);
    await poll(() => phone.getByRole('button', { name: 'Join Game' }).isVisible()).toBe(true);
    await allowGuests(true);
  });

  it('on / a participant types the room code instead of a username; a wrong one is refused', async () => {
    const phone = await person(PHONE);
    await phone.goto(`${base}/`);
    await phone.getByRole('textbox', { name: 'Room code' }).fill('zzz zzz');
    await phone.getByRole('button', { name: 'Join', exact: true }).click();
    await visible(phone, 'Unknown room code');
    await phone.goto(`${base}/`);
    await screenshots(phone, 'joining-player-login');
    await phone
      .getByRole('textbox', { name: 'Room code' })
      .fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
    await phone.getByRole('button', { name: 'Join', exact: true }).click();
    await phone.waitForURL(`**/join/${code}`);
    await visible(phone, 'DEMO ROOM');
  });

  it('once the lobby is closed a guest is told so', async () => {
    await facilitator.bringToFront();
    // The game ends (the lead's Close Lobby / End Game): the store marks it ended.
    const { games } = await import('../apps/server/src/db/schema');
    await suite.product.database.db.update(games).set({ endedAt: new Date() });
    const phone = await person(PHONE);
    await phone.goto(joinLink);
    await visible(phone, 'Lobby not open');
    await phone.getByRole('textbox', { name: /Nickname/ }).fill('Too Late');
    await phone.getByRole('button', { name: 'Join as guest' }).click();
    await poll(() =>
      phone
        .getByRole('alert')
        .filter({ hasText: /^Lobby not open$/ })
        .isVisible(),
    ).toBe(true);
  });
});

describe.runIf(hasChromium && lan)('players CSV', () => {
  it('an admin imports a CSV with a bad row, sees it marked, imports the rest and exports the list', async () => {
    const org = await demoOrg();
    const admin = await createUser(suite.product.database, 'ADMIN', org.id);
    const page = await person();
    await signInStaff(page, base, admin.email!, TEST_PASSWORD);
    await page.goto(`${base}/${ORG}/admin/players`);
    // The guests of the phone story are marked as such.
    await poll(() =>
      page.getByRole('row').filter({ hasText: 'sam 2' }).filter({ hasText: 'Guest' }).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page
      .getByRole('textbox', { name: 'Or paste the CSV here' })
      .fill(
        '\uFEFFfirstName;lastName;username\nCsv;One;csv-one\n;Two;csv-two\nCsv;Three;csv-three\nDup;Four;CSV-ONE\n',
      );
    await visible(page, '2 valid, 2 invalid of 4 rows');
    const preview = page.getByRole('table', { name: 'Import preview' });
    await poll(() => preview.getByRole('row').filter({ hasText: 'First name is required' }).isVisible()).toBe(
      true,
    );
    await poll(() =>
      preview.getByRole('row').filter({ hasText: 'This username is already in the file' }).isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'players import preview');
    await screenshots(page, 'joining-import-preview');
    await page.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await visible(page, 'Imported 2 players; 2 rows left out.');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('textbox', { name: /Search players/ }).fill('Csv');
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('cell', { name: 'csv-three' }).isVisible()).toBe(true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('firstName,lastName,username,guest');
    expect(csv).toContain('Csv,One,csv-one,no');
    expect(csv).toContain('Sam,,Sam,yes');
  });
});
