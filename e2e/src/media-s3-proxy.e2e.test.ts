import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser, type MediaFile } from './lib/content.ts';
import {
  paidCreator,
  person,
  subscribeViaApi,
  topUpViaApi,
  type PaidCreator,
  type Person,
} from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { currentSource, expectImageLoaded, pngFile, SIGNED_MEDIA_URL } from './lib/images.ts';
import { useOwnServer } from './lib/own-server.ts';
import { startS3, type TestS3 } from './lib/s3.ts';
import { baseUrl, uniqueName } from './lib/server.ts';
import { recordTraffic, watchCspViolations, type Exchange } from './lib/traffic.ts';
import {
  HAS_FFMPEG,
  mediaElementState,
  mp4Video,
  seekVideo,
  startPlayback,
  type MediaElementState,
} from './lib/videos.ts';

/*
 * Media in an S3-compatible bucket (a real S3 server, s3rver, in the test process), seen in a
 * real browser: each block starts a server of its own pointed at its bucket. Without
 * S3_PROXY our signed /media/ URL answers a redirect to a presigned bucket URL, which the
 * page's Content-Security-Policy must let images and videos follow; with S3_PROXY=true the
 * bytes come through our own origin, with Range.
 */

const t = useBrowser();

function profilePosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

/** The post on the creator's profile that carries `text`. */
function postWithText(page: Page, text: string): Locator {
  return profilePosts(page).filter({ hasText: text });
}

/** A creator charging $4.99 a month with one post holding `media`. */
async function creatorWithPost(media: { image: MediaFile } | { video: MediaFile }) {
  const creator = await paidCreator({ price: '4.99' });
  const content = `Behind the subscription ${uniqueName('media')}`;
  await createPostViaApi(creator.tokens.access, { content, ...media });
  // A video is its author's alone until transcoded: a fan sees the post once it is ready.
  if ('video' in media) {
    await expect
      .poll(
        async () =>
          (await postsOfUser(creator.tokens.access, creator.id)).find(
            (post) => post.content === content,
          )?.video_state,
        { timeout: 90_000, interval: 500, message: 'the video should be transcoded' },
      )
      .toBe('ready');
  }
  return { creator, content };
}

/** A fan who paid for a month of `creator`. */
async function subscriberOf(creator: PaidCreator): Promise<Person> {
  const fan = await person();
  await topUpViaApi(fan.tokens.access, '20.00');
  await subscribeViaApi(fan.tokens.access, creator.id);
  return fan;
}

/**
 * The page signed in as `who`, recording its traffic and CSP violations, on `creator`'s
 * profile.
 */
async function openProfileAs(page: Page, who: Person, creator: PaidCreator) {
  const csp = await watchCspViolations(page);
  const traffic = recordTraffic(page);
  await storeSession(page, who.tokens);
  await page.goto(`/profile/${creator.username}`);
  await expectVisible(page.getByRole('heading', { name: creator.username, level: 1 }));
  return { csp, traffic };
}

/** The Content-Security-Policy of the app's document (the profile page), by directive. */
function cspDirectives(exchanges: Exchange[], path: string): Map<string, string[]> {
  const document = exchanges.find(
    (exchange) => exchange.url.origin === baseUrl() && exchange.url.pathname === path,
  );
  const header = document?.headers['content-security-policy'] ?? '';
  expect(header, `the CSP header of ${path}`).not.toBe('');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The exchanges of one signed /media/ URL of ours (its path, whatever the query). */
function exchangesOf(exchanges: Exchange[], src: string): Exchange[] {
  const path = new URL(src, baseUrl()).pathname;
  return exchanges.filter(
    (exchange) => exchange.url.origin === baseUrl() && exchange.url.pathname === path,
  );
}

/** Requests that reached the bucket from the browser (not from our server's SDK). */
function browserRequests(s3: TestS3) {
  return s3.requests.filter((request) => /Chrome/.test(String(request.headers['user-agent'])));
}

/**
 * The exchanges of the HLS tree of the <video>'s stream (`/media/<id>/hls/...`): its
 * playlists and its segments, as the browser asked for them.
 */
async function hlsExchanges(video: Locator, traffic: ReturnType<typeof recordTraffic>) {
  const src = (await video.getAttribute('src')) ?? (await video.getAttribute('data-src')) ?? '';
  const playback = await video.getAttribute('data-playback');
  expect(['native-hls', 'hls.js'], `the player's plan (src ${src})`).toContain(playback);
  const exchanges = await traffic.settled();
  const master = exchanges.find(
    (exchange) =>
      exchange.url.origin === baseUrl() &&
      /^\/media\/[\w-]+\/hls\/master\.m3u8$/.test(exchange.url.pathname),
  );
  expect(master, 'the master playlist should be asked for').toBeDefined();
  const prefix = master?.url.pathname.replace(/master\.m3u8$/, '') ?? '/none/';
  const ours = exchanges.filter(
    (exchange) => exchange.url.origin === baseUrl() && exchange.url.pathname.startsWith(prefix),
  );
  return {
    prefix,
    exchanges,
    playlists: ours.filter((exchange) => exchange.url.pathname.endsWith('.m3u8')),
    segments: ours.filter((exchange) => !exchange.url.pathname.endsWith('.m3u8')),
  };
}

async function expectMetadataLoaded(video: Locator): Promise<MediaElementState> {
  await expectVisible(video);
  // A streamed video loads once its viewer starts it (hls.js fetches nothing before).
  await startPlayback(video);
  await expect
    .poll(async () => (await mediaElementState(video)).readyState, {
      timeout: 20_000,
      message: `${String(video)} should load its metadata (readyState >= 1)`,
    })
    .toBeGreaterThanOrEqual(1);
  // Held still, so what the test then reads (or seeks to) is not moved on by playback.
  await video.evaluate((element) => (element as unknown as { pause(): void }).pause());
  const state = await mediaElementState(video);
  expect(state.error, 'the video should not fail').toBe(0);
  return state;
}

describe('media in a bucket, streamed through us (S3_PROXY=true)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3('zura-e2e-proxy');
  });
  afterAll(async () => {
    await s3?.close();
  });
  useOwnServer(() => ({ ...s3.env, S3_PROXY: 'true' }));

  it('shows a subscriber the image from our own origin; the CSP keeps the bucket out', async () => {
    const { page } = t;
    const { creator, content } = await creatorWithPost({ image: pngFile('proxy.png', 400, 400) });
    const fan = await subscriberOf(creator);
    const bucketRequestsBefore = browserRequests(s3).length;
    const { csp, traffic } = await openProfileAs(page, fan, creator);

    const image = postWithText(page, content).getByRole('img', {
      name: `Image posted by ${creator.username}`,
    });
    await expectImageLoaded(image);
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(SIGNED_MEDIA_URL);
    // The size the browser chose from the image's srcset: the URL it really asked for.
    const shown = await currentSource(image);
    expect(new URL(shown).pathname).toMatch(/^\/media\/[\w-]+\/(feed|medium|thumb)$/);
    const exchanges = await traffic.settled();
    const ours = exchangesOf(exchanges, shown);
    expect(ours.length).toBeGreaterThan(0);
    for (const hop of ours) {
      expect(hop.status).toBe(200);
      expect(hop.headers['content-type']).toMatch(/^image\//);
    }
    expect(exchanges.some((exchange) => exchange.url.origin === s3.endpoint)).toBe(false);
    expect(browserRequests(s3).length).toBe(bucketRequestsBefore);

    // Only our own origin serves media, so the CSP names no bucket...
    const directives = cspDirectives(exchanges, `/profile/${creator.username}`);
    expect(directives.get('img-src')).not.toContain(s3.endpoint);
    expect(directives.get('media-src')).not.toContain(s3.endpoint);
    expect(csp.reports).toEqual([]);
    // ...and really keeps it out: an image straight from the bucket is refused (which also
    // shows that a violation would have been noticed above).
    await page.evaluate((source) => {
      const scope = globalThis as unknown as {
        document: {
          createElement(tag: 'img'): { src: string };
          body: { append(node: unknown): void };
        };
      };
      const stray = scope.document.createElement('img');
      stray.src = source;
      scope.document.body.append(stray);
    }, `${s3.endpoint}/${s3.bucket}/stray.png`);
    await expect
      .poll(() => csp.reports.some((report) => report.includes('img-src')), {
        message: 'the CSP should refuse an image from the bucket',
      })
      .toBe(true);
  });

  it.runIf(HAS_FFMPEG)(
    'streams a subscriber the video and seeks in it, every byte from us',
    async () => {
      const { page } = t;
      const { creator, content } = await creatorWithPost({ video: await mp4Video('seek.mp4', 6) });
      const fan = await subscriberOf(creator);
      const bucketRequestsBefore = browserRequests(s3).length;
      const { csp, traffic } = await openProfileAs(page, fan, creator);

      const video = postWithText(page, content).getByLabel(`Video posted by ${creator.username}`, {
        exact: true,
      });
      const state = await expectMetadataLoaded(video);
      expect(state.duration).toBeCloseTo(6, 0);
      await seekVideo(video, 4.5);
      await expect
        .poll(async () => (await mediaElementState(video)).readyState, {
          message: 'the video should show the frame it seeked to',
        })
        .toBeGreaterThanOrEqual(2);
      const after = await mediaElementState(video);
      expect(after.currentTime).toBeCloseTo(4.5, 0);
      expect(after.videoWidth).toBe(640);

      // Every playlist and segment came from us, none redirected.
      const hls = await hlsExchanges(video, traffic);
      expect(hls.segments.length, 'segments asked of us').toBeGreaterThan(0);
      for (const hop of [...hls.playlists, ...hls.segments]) {
        expect(hop.redirectedFrom).toBeUndefined();
        expect([200, 206], hop.url.pathname).toContain(hop.status);
      }
      // The bytes came from the bucket, through us: the browser never went there.
      expect(browserRequests(s3).length).toBe(bucketRequestsBefore);
      expect(csp.reports).toEqual([]);
    },
  );
});
