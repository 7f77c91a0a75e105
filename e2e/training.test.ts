import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../apps/server/src/test/context';
import { type FakeYoutube, fakeVideos, startFakeYoutube } from '../apps/server/src/test/fake-youtube';
import {
  answerYoutubeImages,
  DESKTOP,
  expectAccessible,
  hasChromium,
  PHONE,
  screenshots,
  signInStaff,
} from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server';
import { browserSuite, poll, visible } from './support/suite';
import { createUserIn } from './support/super-admin';

let youtube: FakeYoutube;
let demoAdmin: { email: string };

const ORG = 'Demo%20Org';
/** 60 videos: the server must follow nextPageToken past YouTube's 50-item page. */
const ADMIN_VIDEOS = fakeVideos(60, 'Admin');
const PLAYER_VIDEOS = fakeVideos(2, 'Player');

beforeAll(async () => {
  if (!hasChromium) return;
  youtube = await startFakeYoutube();
  youtube.setPlaylist('PLadminTraining', ADMIN_VIDEOS);
  youtube.setPlaylist('PLplayerTraining', PLAYER_VIDEOS);
});
const suite = browserSuite(() => ({
  env: { YOUTUBE_API_KEY: youtube.apiKey, YOUTUBE_API_URL: youtube.apiUrl },
}));
beforeAll(async () => {
  if (!hasChromium) return;
  demoAdmin = { email: (await createUserIn(suite.product.database, 'ADMIN', 'Demo Org')).email! };
});
afterAll(async () => {
  await youtube?.close();
});

/**
 * A browser of its own. There is no internet here: the YouTube embed is answered by a local stub page
 * and other video hosts are refused, so the test asserts on the iframe's address and title only.
 */
async function person(viewport = DESKTOP) {
  const { page, context } = await suite.open(viewport);
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Video</title></head><body><p>Video</p></body></html>',
    }),
  );
  await answerYoutubeImages(context);
  // A video file elsewhere: the product's own demo video stands in for it.
  const file = await readFile(new URL('../apps/web/public/demo/demo-video.mp4', import.meta.url));
  await context.route('https://cdn.example.com/**', (route) =>
    route.fulfill({ contentType: 'video/mp4', body: file }),
  );
  return page;
}

const roleGroup = (page: Page, role: string) => page.getByRole('group', { name: role, exact: true });
const playlist = (page: Page) => page.getByRole('navigation', { name: 'Training playlist' });
const currentFrame = (page: Page) => page.locator('iframe[title^="Training video:"]');
/**
 * The video the embed plays: its address without the query, which asks YouTube for its player API
 * (enablejsapi, origin) so a finished video is told (issue 47's xAPI "completed").
 */
const embeddedVideo = async (page: Page) => {
  const src = await currentFrame(page).getAttribute('src');
  if (!src) return src;
  const url = new URL(src);
  expect(url.searchParams.get('enablejsapi')).toBe('1');
  return `${url.origin}${url.pathname}`;
};

/** The playlist's titles as the sidebar lists them. */
const sidebarTitles = (page: Page) =>
  playlist(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.querySelector('.mantine-NavLink-label')?.textContent));

describe.runIf(hasChromium)('training playlists', () => {
  it('the super admin sets each role’s playlist in Settings', async () => {
    const page = await person();
    await signInStaff(page, suite.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${suite.product.url}/Playshop/admin/settings`);
    await page.getByRole('tab', { name: 'Training' }).click();

    // Admins: a YouTube playlist; a typo first, to see the form's text.
    const admins = roleGroup(page, 'Admin');
    await admins.getByRole('radio', { name: 'YouTube playlist' }).check();
    await admins.getByLabel('YouTube playlist id').fill('PL admin?');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Enter a YouTube playlist id (letters, digits, - and _)');
    await admins.getByLabel('YouTube playlist id').fill('PLadminTraining');

    // Facilitators: two videos by address, one on YouTube and one file elsewhere.
    const facilitators = roleGroup(page, 'Facilitator');
    await facilitators.getByRole('radio', { name: 'List of videos' }).check();
    for (let i = 0; i < 3; i += 1) await facilitators.getByRole('button', { name: 'Add video' }).click();
    await facilitators.getByLabel('Video 1 title').fill('Welcome, facilitators');
    await facilitators.getByLabel('Video 1 address').fill('https://youtu.be/facilvideo1');
    await facilitators.getByLabel('Video 2 title').fill('Running a room');
    await facilitators.getByLabel('Video 2 address').fill('https://cdn.example.com/running-a-room.mp4');
    await facilitators.getByRole('button', { name: 'Remove video 3' }).click();

    const players = roleGroup(page, 'Player');
    await players.getByRole('radio', { name: 'YouTube playlist' }).check();
    await players.getByLabel('YouTube playlist id').fill('PLplayerTraining');

    await expectAccessible(page, 'settings: training tab');
    await screenshots(page, 'settings-training');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Training playlists saved');

    // Saved on the server: a reload shows the same choices.
    await page.reload();
    await page.getByRole('tab', { name: 'Training' }).click();
    await poll(() => roleGroup(page, 'Admin').getByLabel('YouTube playlist id').inputValue()).toBe(
      'PLadminTraining',
    );
    await poll(() => roleGroup(page, 'Facilitator').getByLabel('Video 2 title').inputValue()).toBe(
      'Running a room',
    );
    expect(await roleGroup(page, 'Facilitator').getByLabel('Video 3 title').count()).toBe(0);
    expect(await roleGroup(page, 'Super Admin').getByRole('radio', { name: 'None' }).isChecked()).toBe(true);

    // The super admin's own role has no playlist.
    await page.goto(`${suite.product.url}/Playshop/admin/training`);
    await visible(page, 'No training videos yet');
  });

  it('the super admin edits the suite.product links; the footer follows', async () => {
    const page = await person();
    await signInStaff(page, suite.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${suite.product.url}/Playshop/admin/settings`);
    await page.getByRole('tab', { name: 'Links' }).click();
    await page.getByLabel('Report Issue').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Enter an address starting with http://, https:// or mailto:');
    await page.getByLabel('Report Issue').fill('https://issues.example.com/new');
    await expectAccessible(page, 'settings: links tab');
    await screenshots(page, 'settings-links');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Links saved');
    await poll(() => page.getByRole('link', { name: 'Report Issue' }).getAttribute('href')).toBe(
      'https://issues.example.com/new',
    );
  });

  it('an admin watches the 60-video YouTube playlist from the sidebar; Previous and Next stop at the ends', async () => {
    const page = await person();
    await signInStaff(page, suite.product.url, demoAdmin.email, TEST_PASSWORD);
    await page.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL(`**/${ORG}/admin/training`);

    await poll(() => embeddedVideo(page)).toBe(
      `https://www.youtube-nocookie.com/embed/${ADMIN_VIDEOS[0]!.videoId}`,
    );
    expect(await currentFrame(page).getAttribute('title')).toBe('Training video: Admin 1');
    const titles = await sidebarTitles(page);
    expect(titles).toHaveLength(60);
    expect(titles.at(-1)).toBe('Admin 60');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => currentFrame(page).getAttribute('title')).toBe('Training video: Admin 2');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);

    // Choosing the last video in the sidebar plays it and marks it current; Next stops there.
    const last = playlist(page).getByRole('button', { name: 'Admin 60', exact: true });
    await last.click();
    await poll(() => embeddedVideo(page)).toBe(
      `https://www.youtube-nocookie.com/embed/${ADMIN_VIDEOS[59]!.videoId}`,
    );
    expect(await last.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await visible(page, 'Video 60 of 60');

    await page.getByRole('button', { name: 'Admin 1', exact: true }).focus();
    await page.keyboard.press('Enter');
    await poll(() => currentFrame(page).getAttribute('title')).toBe('Training video: Admin 1');

    await expectAccessible(page, 'admin training');
    await screenshots(page, 'training-admin');
  });

  it('the demo facilitator watches the listed videos: YouTube in the embed, a file in a video player', async () => {
    const page = await person();
    await signInStaff(
      page,
      suite.product.url,
      suite.product.facilitator.email,
      suite.product.facilitator.password,
    );
    await page.goto(`${suite.product.url}/${ORG}/facilitator/online/rooms`);
    await page.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL(`**/${ORG}/facilitator/online/training`);

    await poll(() => embeddedVideo(page)).toBe('https://www.youtube-nocookie.com/embed/facilvideo1');
    expect(await sidebarTitles(page)).toEqual(['Welcome, facilitators', 'Running a room']);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    const video = page.getByLabel('Training video: Running a room');
    await poll(() => video.getAttribute('src')).toBe('https://cdn.example.com/running-a-room.mp4');
    expect(await video.evaluate((v) => v.tagName)).toBe('VIDEO');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await currentFrame(page).count()).toBe(0);
    await expectAccessible(page, 'facilitator training');
    await screenshots(page, 'training-facilitator');
  });

  it('a demo player opens Training from the dashboard on a phone and sees the players’ playlist', async () => {
    const page = await person(PHONE);
    await page.goto(`${suite.product.url}/`);
    await page.getByLabel('Organization').fill('Demo Org');
    await page.getByLabel('Username').fill('demo-player-1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/${ORG}/demo-player-1/dashboard`);
    const playlistReply = page.waitForResponse((r) => r.url().endsWith('/api/v1/training/playlist'));
    await page.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL(`**/${ORG}/demo-player-1/training`);
    // The key stays on the server: the suite.browser only ever receives the playlist's items.
    const replyText = await (await playlistReply).text();
    expect(replyText).toContain('Player 1');
    expect(replyText).not.toContain(youtube.apiKey);

    await poll(() => currentFrame(page).getAttribute('title')).toBe('Training video: Player 1');
    expect(await sidebarTitles(page)).toEqual(['Player 1', 'Player 2']);
    // On a phone the playlist comes below the player.
    const frameBox = await currentFrame(page).boundingBox();
    const listBox = await playlist(page).boundingBox();
    expect(listBox!.y).toBeGreaterThan(frameBox!.y + frameBox!.height);
    expect(frameBox!.width).toBeLessThanOrEqual(PHONE.width);

    await playlist(page).getByRole('button', { name: 'Player 2', exact: true }).click();
    await poll(() => embeddedVideo(page)).toBe(
      `https://www.youtube-nocookie.com/embed/${PLAYER_VIDEOS[1]!.videoId}`,
    );
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
    await expectAccessible(page, 'player training');
    await screenshots(page, 'training-player');

    await page.getByRole('link', { name: 'Back to rooms' }).click();
    await page.waitForURL(`**/${ORG}/demo-player-1/dashboard`);
  });
});
