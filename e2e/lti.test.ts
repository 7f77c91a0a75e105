import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../apps/server/src/db/schema';
import { createUser, TEST_PASSWORD } from '../apps/server/src/test/context';
import { startLtiPlatform, type TestLtiPlatform } from '../apps/server/src/test/lti-platform';
import { expectAccessible, hasChromium, signInStaff } from './support/browser';
import { ORG } from './support/demo-room';
import { demoOrg } from './support/game';
import { browserSuite, poll, visible } from './support/suite';

const suite = browserSuite();
let platform: TestLtiPlatform;
let demoOrgId: number;
let demoRoomId: number;
const INSTRUCTOR = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];

beforeAll(async () => {
  if (!hasChromium) return;
  demoOrgId = (await demoOrg(suite.product)).id;
  const [room] = await suite.product.database.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.name, 'Demo Room'));
  demoRoomId = room!.id;
  const base = `${suite.product.url}/api/v1/lti`;
  platform = await startLtiPlatform({
    loginUrl: `${base}/${demoOrgId}/login`,
    launchUrl: `${base}/${demoOrgId}/launch`,
    toolJwks: async () => (await fetch(`${base}/jwks`)).json(),
  });
});
afterAll(async () => {
  await platform?.close();
});

describe.runIf(hasChromium)('LTI 1.3 from a course', () => {
  it('an admin registers the platform in Settings › LTI; an author places a room; a learner lands in its lobby', async () => {
    // The admin copies the tool's values and pastes what the platform gave back.
    const admin = await createUser(suite.product.database, 'ADMIN', demoOrgId);
    const { page } = await suite.open();
    await signInStaff(page, suite.product.url, admin.email!, TEST_PASSWORD);
    await page.goto(`${suite.product.url}/${ORG}/admin/settings`);
    await page.getByRole('tab', { name: 'LTI' }).click();
    await visible(page, `${suite.product.url}/api/v1/lti/${demoOrgId}/login`);
    await visible(page, `${suite.product.url}/api/v1/lti/jwks`);
    await page.getByLabel('Issuer (Moodle: Platform ID)').fill(platform.issuer);
    await page.getByLabel('Client ID').fill(platform.clientId);
    await page.getByLabel('Deployment IDs').fill(platform.deploymentId);
    await page.getByLabel('Authentication request URL').fill(platform.authUrl);
    await page.getByLabel('Access token URL').fill(platform.tokenUrl);
    // A mistake first: a clear text, nothing saved.
    await page.getByLabel('Public keyset URL of the platform').fill('keys please');
    await page.getByRole('button', { name: 'Add platform' }).click();
    await visible(page, 'Enter an address such as https://lms.example.org/…');
    await page.getByLabel('Public keyset URL of the platform').fill(platform.jwksUrl);
    await page.getByRole('button', { name: 'Add platform' }).click();
    await visible(page, 'Platform saved');
    await poll(() => page.getByTestId('lti-platform').count()).toBe(1);
    await expectAccessible(page, 'Settings › LTI');

    // The course author opens the tool's deep linking from the course and picks the Demo Room.
    const author = (await suite.open()).page;
    await author.goto(
      platform.coursePage(
        platform.prepare({
          sub: 'author-1',
          name: 'Ann Author',
          roles: INSTRUCTOR,
          messageType: 'LtiDeepLinkingRequest',
        }),
      ),
    );
    await visible(author, 'Place a Playshop room in Safety 101');
    await author.getByLabel('Demo Room').check();
    await author.getByLabel('Attendance (full marks for taking part)').check();
    await author.getByRole('button', { name: 'Place in the course' }).click();
    await visible(author, 'Placed: Demo Room');
    const [item] = platform.deepLinks.at(-1)!.items as { custom: Record<string, string> }[];
    expect(item!.custom).toEqual({ room_id: String(demoRoomId), score: 'attendance', score_maximum: '1' });

    // The author opens the placed link: the room's game screen, and opens its lobby.
    await author.goto(
      platform.coursePage(
        platform.prepare({ sub: 'author-1', name: 'Ann Author', roles: INSTRUCTOR, custom: item!.custom }),
      ),
    );
    await author.waitForURL(`**/${ORG}/facilitator/online/rooms/play-game/${demoRoomId}`);
    await author.getByRole('button', { name: 'Open Lobby' }).click();
    await poll(() => author.getByText('Lobby open').first().isVisible()).toBe(true);

    // A learner follows the link: no sign-in of Playshop's, straight into the lobby.
    const learner = (await suite.open()).page;
    await learner.goto(
      platform.coursePage(platform.prepare({ sub: 'learner-1', name: 'Lee Learner', custom: item!.custom })),
    );
    await learner.waitForURL(`**/${ORG}/Lee%20Learner/play-game/${demoRoomId}?join=1`);
    await visible(learner, 'Lobby open');
    await visible(author, 'Lee Learner');
  });
});
