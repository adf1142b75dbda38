import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser } from './lib/content.ts';
import { person, type Person } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { useOwnServer } from './lib/own-server.ts';
import { baseUrl, uniqueName } from './lib/server.ts';
import { recordTraffic } from './lib/traffic.ts';
import { HAS_FFMPEG, mediaElementState, mp4Video, startPlayback } from './lib/videos.ts';

/*
 * Signed media URLs expire (an hour in production). A viewer who paused longer than that and
 * then plays on must not meet a dead video: the player reads the post again for fresh URLs and
 * resumes where it was. Here URLs live 30 s (MEDIA_URL_LIFETIME), so the pause is short.
 */

const t = useBrowser();
useOwnServer(() => ({ MEDIA_URL_LIFETIME: '30' }));

/** Longer than hls.js buffers ahead (30 s), so playing on needs segments not loaded yet. */
const SOURCE_SECONDS = 60;

/** The unix time (s) a signed URL of ours expires at. */
function expiryOf(url: string): number {
  return Number(new URL(url, baseUrl()).searchParams.get('exp'));
}

/** A creator's public post with a transcoded video, ready for everyone. */
async function readyVideoPost(creator: Person, content: string) {
  await createPostViaApi(creator.tokens.access, {
    content,
    video: await mp4Video('long-pause.mp4', SOURCE_SECONDS),
  });
  await expect
    .poll(
      async () =>
        (await postsOfUser(creator.tokens.access, creator.id)).find(
          (post) => post.content === content,
        )?.video_state,
      { timeout: 120_000, interval: 500, message: 'the video should be transcoded' },
    )
    .toBe('ready');
}

function videoOf(page: Page, content: string, username: string): Locator {
  return page
    .getByRole('list', { name: 'Posts', exact: true })
    .getByRole('listitem')
    .filter({ hasText: content })
    .getByLabel(`Video posted by ${username}`, { exact: true });
}

/** The page's browser says it cannot play HLS itself, as Firefox does: hls.js streams. */
async function withoutNativeHls(page: Page) {
  await page.addInitScript({
    content: `{
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type) {
        return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
      };
    }`,
  });
}

describe.skipIf(!HAS_FFMPEG)('a video whose signed URLs expired while paused', () => {
  it.each([
    ['native-hls', 'as Chromium plays it (native HLS)'],
    ['hls.js', 'through hls.js (a browser without native HLS, e.g. Firefox)'],
  ] as const)(
    'reads fresh URLs and plays on from where it was, %s: %s',
    async (kind, _how) => {
      const { page } = t;
      if (kind === 'hls.js') await withoutNativeHls(page);
      const creator = await person();
      const content = `A long pause ${uniqueName('expiry')}`;
      await readyVideoPost(creator, content);
      const fan = await person();

      const traffic = recordTraffic(page);
      await storeSession(page, fan.tokens);
      await page.goto(`/profile/${creator.username}`);
      const video = videoOf(page, content, creator.username);
      await expectVisible(video);
      await startPlayback(video);
      await expect
        .poll(async () => (await mediaElementState(video)).currentTime, {
          timeout: 30_000,
          message: 'the video should start playing',
        })
        .toBeGreaterThan(0.5);
      await video.evaluate((element) => (element as unknown as { pause(): void }).pause());
      const playback = await video.getAttribute('data-playback');
      expect(playback).toBe(kind);
      // The signature the page streams under (every URL of the stream shares it).
      const master = (await traffic.settled()).find((exchange) =>
        /^\/media\/[\w-]+\/hls\/master\.m3u8$/.test(exchange.url.pathname),
      );
      const firstExpiry = expiryOf(master?.url.href ?? '');
      expect(firstExpiry, 'the master playlist should have been fetched').toBeGreaterThan(0);

      // Paused until every URL the page was given has expired.
      await expect
        .poll(() => Date.now() / 1000, {
          timeout: 60_000,
          interval: 1000,
          message: 'the signed URLs should expire',
        })
        .toBeGreaterThan(firstExpiry + 1);

      // The viewer plays on, further on than anything loaded so far: a segment under the old
      // signature.
      const at = SOURCE_SECONDS - 6;
      await video.evaluate((element, to) => {
        const media = element as unknown as {
          currentTime: number;
          muted: boolean;
          play(): Promise<void>;
        };
        media.muted = true;
        media.currentTime = to;
        media.play().catch(() => undefined);
      }, at);
      await expect
        .poll(async () => (await mediaElementState(video)).currentTime, {
          timeout: 45_000,
          message: 'the video should play on from where it was, on fresh URLs',
        })
        .toBeGreaterThan(at + 1);
      const state = await mediaElementState(video);
      expect(state.error, 'the video should not fail').toBe(0);
      // Still the stream, not the fallback file.
      expect(await video.getAttribute('data-playback')).toBe(playback);

      // The old signature was refused, the post was read again, and a newer one served.
      const exchanges = await traffic.settled();
      const hls = exchanges.filter((exchange) =>
        /^\/media\/[\w-]+\/hls\//.test(exchange.url.pathname),
      );
      const stale = hls.filter(
        (exchange) => Number(exchange.url.searchParams.get('exp')) === firstExpiry,
      );
      const fresh = hls.filter(
        (exchange) => Number(exchange.url.searchParams.get('exp')) > firstExpiry,
      );
      expect(
        stale.some((exchange) => exchange.status === 404),
        'a request under the expired signature should be refused',
      ).toBe(true);
      expect(fresh.length, 'requests under a fresh signature').toBeGreaterThan(0);
      for (const exchange of fresh) expect([200, 206]).toContain(exchange.status);
      const reads = exchanges.filter(
        (exchange) =>
          exchange.url.origin === baseUrl() &&
          exchange.url.pathname.startsWith(`/api/posts/user/${creator.id}/`),
      );
      expect(reads.length, 'the posts should be read again').toBeGreaterThan(1);
    },
    240_000,
  );
});
