/**
 * WCAG 2.2's 2.5.8 Target Size (Minimum) on the main screens of each role. axe's `target-size` rule
 * is off by default, so expectAccessible never runs it; this file does, for the accessibility
 * conformance report (docs/accessibility.md, 2.5.8).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, PHONE, signInStaff } from './support/browser';
import { card, facilitatorOpens, newPlayer, newRoom, playerJoins, rollOnce } from './support/game';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite, poll } from './support/suite';

const suite = browserSuite();

/** Every target on the page at least 24 by 24 CSS px, or spaced as the criterion allows. */
async function expectTargetSize(page: Page, label: string, shown: string | RegExp = /./) {
  // A lazy screen first shows its loader: wait for its heading, and for what its data brings.
  await poll(() => page.getByRole('heading').first().isVisible(), `${label} shown`).toBe(true);
  await poll(() => page.getByText(shown).first().isVisible(), `${label} loaded`).toBe(true);
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  const small = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.html}`));
  expect(small, `target size on ${label}`).toEqual([]);
  expect(results.passes.length, `axe checked targets on ${label}`).toBeGreaterThan(0);
}

describe.runIf(hasChromium)('2.5.8 Target Size (Minimum)', () => {
  it('holds on the sign-in pages, the game screens of player and facilitator, and the staff homes', async () => {
    const base = suite.product.url;
    const { page: phone } = await suite.open(PHONE);
    await phone.goto(`${base}/`);
    await expectTargetSize(phone, 'player login');
    const { page: staff } = await suite.open(DESKTOP);
    await staff.goto(`${base}/admin-login`);
    await expectTargetSize(staff, 'admin login');

    const room = await newRoom(suite.product, 'Target Size Room');
    await facilitatorOpens(staff, suite.product, room);
    const player = await newPlayer(suite.product);
    await playerJoins(phone, base, player, room);
    await expectTargetSize(phone, 'player lobby');
    await staff.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => card(phone).isVisible()).toBe(true);
    await rollOnce(staff, 1);
    await expectTargetSize(phone, 'player card');
    await expectTargetSize(staff, 'facilitator game screen');

    await phone.goto(`${base}/Demo%20Org/${player}/dashboard`);
    await expectTargetSize(phone, 'player dashboard', 'Target Size Room');
    await staff.goto(`${base}/Demo%20Org/facilitator/enter`);
    await expectTargetSize(staff, 'facilitator home', 'Target Size Room');
    const { page: admin } = await suite.open(DESKTOP);
    await signInStaff(admin, base, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expectTargetSize(admin, 'super admin dashboard', 'Getting started');
  });
});
