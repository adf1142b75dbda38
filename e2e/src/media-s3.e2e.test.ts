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
import {
  currentSource,
  expectImageLoaded,
  naturalSize,
  pngFile,
  SIGNED_MEDIA_URL,
} from './lib/images.ts';
import { useOwnServer } from './lib/own-server.ts';
import { startS3, type TestS3 } from './lib/s3.ts';
import { baseUrl, uniqueName } from './lib/server.ts';
import { recordTraffic, watchCspViolations, type Exchange } from './lib/traffic.ts';
import { HAS_FFMPEG, mediaElementState, mp4Video, startPlayback } from './lib/videos.ts';

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
  } else {
    // An image's sizes are made by a job after the upload; until then the post shows the
    // original. The page is opened once they are there, as a fan coming later sees it.
    await expect
      .poll(
        async () =>
          (await postsOfUser(creator.tokens.access, creator.id)).find(
            (post) => post.content === content,
          )?.image_url ?? '',
        { timeout: 60_000, interval: 250, message: "the image's sizes should be made" },
      )
      .toMatch(/\/feed\?/);
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

describe('media in a bucket, redirected to presigned URLs', () => {
  let s3: TestS3;
  beforeAll(async () => {
    // With the CORS rule docs/deploy.md asks for (any origin: the server's port is not known
    // yet), as a deployment redirecting to its bucket has it.
    s3 = await startS3('zura-e2e-redirect', { corsOrigins: ['*'] });
  });
  afterAll(async () => {
    await s3?.close();
  });
  useOwnServer(() => s3.env);

  it('shows a subscriber the image: their own marked copy from our /media/ URL, allowed by the CSP', async () => {
    const { page } = t;
    const { creator, content } = await creatorWithPost({ image: pngFile('bucket.png', 640, 360) });
    const fan = await subscriberOf(creator);
    const { csp, traffic } = await openProfileAs(page, fan, creator);

    const image = postWithText(page, content).getByRole('img', {
      name: `Image posted by ${creator.username}`,
    });
    await expectImageLoaded(image);
    const size = await naturalSize(image);
    expect(size.width / size.height).toBeCloseTo(640 / 360, 1);
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(SIGNED_MEDIA_URL);
    // The size the browser chose from the image's srcset: the URL it really asked for.
    const shown = await currentSource(image);
    expect(new URL(shown).pathname).toMatch(/^\/media\/[\w-]+\/(feed|medium|thumb)$/);

    // A gated image is the fan's own marked copy (issue 35): made and answered by us, never a
    // redirect to the bucket, which holds the unmarked bytes only.
    const exchanges = await traffic.settled();
    const ours = exchangesOf(exchanges, shown);
    expect(ours.length, `requests of ${shown}`).toBeGreaterThan(0);
    expect(new URL(shown).searchParams.get('to')).toBe(String(fan.id));
    for (const hop of ours) {
      expect(hop.status).toBe(200);
      expect(hop.headers['cache-control']).toBe('private, no-store');
      expect(hop.headers['content-type']).toMatch(/^image\//);
    }
    expect(
      exchanges.some(
        (exchange) =>
          exchange.url.origin === s3.endpoint &&
          exchange.redirectedFrom !== undefined &&
          new URL(exchange.redirectedFrom).pathname === new URL(shown).pathname,
      ),
      'the marked copy never comes from the bucket',
    ).toBe(false);

    // The page's CSP names the bucket for images and videos (and nothing was refused).
    const directives = cspDirectives(exchanges, `/profile/${creator.username}`);
    expect(directives.get('img-src')).toContain(s3.endpoint);
    expect(directives.get('media-src')).toContain(s3.endpoint);
    // hls.js fetches segments itself, following our redirects to the bucket.
    expect(directives.get('connect-src')).toContain(s3.endpoint);
    expect(csp.reports).toEqual([]);
  });

  it.runIf(HAS_FFMPEG)(
    'streams a subscriber the video in HLS from the bucket: segments through our gate and a redirect',
    async () => {
      const { page } = t;
      const { creator, content } = await creatorWithPost({ video: await mp4Video('clip.mp4', 6) });
      const fan = await subscriberOf(creator);
      const { csp, traffic } = await openProfileAs(page, fan, creator);

      const video = postWithText(page, content).getByLabel(`Video posted by ${creator.username}`, {
        exact: true,
      });
      await expectVisible(video);
      await startPlayback(video);
      await expect
        .poll(async () => (await mediaElementState(video)).currentTime, {
          timeout: 30_000,
          message: 'the video should play from the bucket (currentTime advancing)',
        })
        .toBeGreaterThan(1);
      const state = await mediaElementState(video);
      expect(state.error, 'the video should not fail').toBe(0);
      expect(state.duration).toBeCloseTo(6, 0);
      // Still streaming: the player did not fall back to the progressive MP4.
      const hls = await hlsExchanges(video, traffic);
      expect(
        hls.exchanges.some((exchange) => /^\/media\/[\w-]+\/mp4$/.test(exchange.url.pathname)),
        'the progressive MP4 should not be needed',
      ).toBe(false);
      // Playlists are ours, rewritten per viewer; every segment was a 302 to a presigned GET
      // of the bucket, which served it to the page's origin under its CORS rule.
      for (const hop of hls.playlists) expect(hop.status, hop.url.pathname).toBe(200);
      expect(hls.segments.length, 'segments asked of us').toBeGreaterThan(0);
      for (const hop of hls.segments) {
        expect(hop.status, hop.url.pathname).toBe(302);
        expect(hop.headers['cache-control']).toBe('private, no-store');
        expect(new URL(hop.headers.location ?? '').origin).toBe(s3.endpoint);
      }
      const fromBucket = hls.exchanges.filter(
        (exchange) =>
          exchange.url.origin === s3.endpoint &&
          exchange.redirectedFrom !== undefined &&
          new URL(exchange.redirectedFrom).pathname.startsWith(hls.prefix),
      );
      expect(fromBucket.length, 'segments fetched from the bucket').toBeGreaterThan(0);
      for (const hop of fromBucket) {
        expect([200, 206], hop.url.pathname).toContain(hop.status);
        expect(hop.headers['access-control-allow-origin'], hop.url.pathname).toBeDefined();
      }
      expect(browserRequests(s3).length).toBeGreaterThan(0);
      expect(csp.reports).toEqual([]);
    },
  );

  it('gives a fan who did not pay no media: no URL of it in any answer, nothing shown', async () => {
    const { page } = t;
    const image = pngFile('paid.png', 320, 240);
    const { creator, content } = await creatorWithPost({ image });
    // What the media's signed URL looks like, as its owner sees it.
    const [own] = await postsOfUser(creator.tokens.access, creator.id);
    const mediaId = /^\/media\/([\w-]+)\//.exec(own?.image_url ?? '')?.[1];
    expect(mediaId, `the owner's image_url ${own?.image_url}`).toBeTruthy();

    const fan = await person();
    const bucketRequestsBefore = browserRequests(s3).length;
    const { csp, traffic } = await openProfileAs(page, fan, creator);
    const post = profilePosts(page).first();
    await expectVisible(
      post.getByText(`Subscribe to ${creator.username} to see this post.`, { exact: true }),
    );
    expect(await page.getByText(content).count()).toBe(0);
    expect(
      await page.getByRole('img', { name: `Image posted by ${creator.username}` }).count(),
    ).toBe(0);

    // Nothing the fan's browser received names the object, the bucket or a presigned URL.
    const exchanges = await traffic.settled();
    const answers = exchanges.filter((exchange) => exchange.json !== undefined);
    expect(answers.some((exchange) => exchange.url.pathname.startsWith('/api/posts/'))).toBe(true);
    for (const { url, json = '' } of answers) {
      expect(json, `${url.pathname}`).not.toContain(mediaId);
      expect(json, `${url.pathname}`).not.toContain(s3.endpoint);
      expect(json, `${url.pathname}`).not.toMatch(/X-Amz-/i);
    }
    expect(exchanges.some((exchange) => exchange.url.origin === s3.endpoint)).toBe(false);
    expect(browserRequests(s3).length).toBe(bucketRequestsBefore);
    // The API the page uses says the same to the fan directly.
    const [seen] = await postsOfUser(fan.tokens.access, creator.id);
    expect(seen).toMatchObject({ content: '', requires_subscription: true });
    expect(JSON.stringify(seen)).not.toContain(mediaId);
    expect(csp.reports).toEqual([]);
  });
});
