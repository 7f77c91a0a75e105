import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, gameEvents, games, users } from '../apps/server/src/db/schema';
import { TEST_CARD, writeGame } from '../apps/server/src/insights/test-log';
import { createOrg, createRoom, createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { DESKTOP, expectAccessible, hasChromium, signInStaff } from './support/browser';
import { browserSuite, visible } from './support/suite';

const suite = browserSuite();
const DAY = 86_400_000;

describe.runIf(hasChromium)('retention per organization (issue 45 item 3)', () => {
  it('its admin sets it in Settings, sees what goes and when, and applies it now (axe clean)', async () => {
    const { database } = suite.product;
    const org = await createOrg(database, { name: 'Café Ünïon' });
    const admin = await createUser(database, 'ADMIN', org.id);
    const player = await createUser(database, 'PLAYER', org.id);
    await database.db
      .update(users)
      .set({ firstName: 'مريم', lastName: 'الحسيني' })
      .where(eq(users.id, player.id));
    const room = await createRoom(database, org.id, 'Salle Hélène قاعة', 'Atelier été');
    // A game that ended 700 days ago, at fractional seconds, and one two days ago.
    const played = async (daysAgo: number) => {
      const start = new Date(Date.now() - daysAgo * DAY);
      const id = await writeGame(database, room.id, start.toISOString(), [
        [0, 'lobby_opened', {}, admin.id],
        [0.375, 'player_joined', { userId: player.id, username: 'مريم', card: TEST_CARD }, player.id],
        [5.125, 'game_started', { hideRollAnimation: false }, admin.id],
        [9.5, 'ball_rolled', { number: 5 }, admin.id],
        [60.0625, 'game_ended', {}, admin.id],
      ]);
      await database.db
        .update(games)
        .set({ endedAt: new Date(start.getTime() + 60_062.5), lastSeq: 5 })
        .where(eq(games.id, id));
      return id;
    };
    const old = await played(700);
    const recent = await played(2);

    const { page } = await suite.open(DESKTOP);
    await signInStaff(page, suite.product.url, admin.email!, TEST_PASSWORD);
    await page.goto(`${suite.product.url}/${encodeURIComponent(org.name)}/admin/settings`);
    await visible(page, 'Games are kept for ever.');
    await expectAccessible(page, 'Settings with retention kept for ever');

    await page.getByRole('combobox', { name: 'Games (with their event logs)' }).selectOption('12');
    await page.getByRole('combobox', { name: 'Audit log' }).selectOption('24');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await visible(page, 'Retention saved');
    // What goes and when: the cut-off day, the next daily run at 03:00 UTC, the count now.
    await visible(
      page,
      /Games ended before .+ \d{4} will be removed at the next daily run \(.+ 3:00.* UTC\): 1 game now\./,
    );
    await visible(page, 'Answers in games ended before');
    await visible(page, /Audit log entries before .* will be removed/);
    await expectAccessible(page, 'Settings with retention set');

    await page.getByRole('button', { name: 'Apply now' }).click();
    await visible(page, /Removed 1 game, 0 answers and 0 audit log entries/);
    await visible(page, /: 0 games now\./);
    await visible(page, /Last applied: /);
    await expectAccessible(page, 'Settings after Apply now');

    const eventsOf = async (gameId: number) =>
      (await database.db.select({ id: gameEvents.id }).from(gameEvents).where(eq(gameEvents.gameId, gameId)))
        .length;
    expect(await eventsOf(old)).toBe(0);
    expect(await eventsOf(recent)).toBe(5);
    const runs = await database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.orgId} = ${org.id} and ${auditLog.action} in ('retention.change', 'retention.run')`,
      )
      .orderBy(auditLog.id);
    expect(runs.map((r) => r.action)).toEqual(['retention.change', 'retention.run']);
    expect(runs[1]!.changes).toMatchObject({ gamesRemoved: [0, 1] });

    // The audit log page names both in words.
    await page.goto(`${suite.product.url}/${encodeURIComponent(org.name)}/admin/audit-log`);
    await visible(page, 'Removed data past its retention');
    await visible(page, 'Changed how long data is kept');
    // Before → after in words: the setting, and what the run removed.
    await visible(page, 'Games kept (months):');
    await visible(page, 'Games removed:');
    await expectAccessible(page, 'the audit log with retention entries');
  });
});
