import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, signedInUser } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser, type ApiPost } from './lib/content.ts';
import { person, type Person } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { api, baseUrl, uniqueName } from './lib/server.ts';
import {
  HAS_FFMPEG,
  hevcMov,
  mediaElementState,
  startPlayback,
  truncatedMp4,
} from './lib/videos.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

type VideoPost = ApiPost;

/** Transcoding a few seconds of 720p on a shared machine: generous, as a user's patience. */
const TRANSCODE_MS = 150_000;

/** The home composer (spec 2.7) and what it shows after posting a video. */
function composer(page: Page) {
  const form = page.getByRole('region', { name: 'Create a post' });
  return {
    form,
    text: form.getByPlaceholder('Compose new post...', { exact: true }),
    media: form.getByLabel('Image or video', { exact: true }),
    submit: form.getByRole('button', { name: 'Post', exact: true }),
    processing: form.getByRole('status').filter({ hasText: /^Processing… \d+%/ }),
    ready: form.getByText('Your video is ready.', { exact: true }),
    failure: form.getByRole('alert').filter({ hasText: 'This video could not be processed.' }),
  };
}

/**
 * Every "Processing… N%" the composer shows from now on, as numbers: a MutationObserver in the
 * page sees each one, however briefly it is shown.
 */
async function recordProcessingPercentages(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    // The e2e project has no DOM typings: the members used here.
    const scope = globalThis as unknown as {
      document: { querySelector(selector: string): { textContent: string | null } | null };
      MutationObserver: new (callback: () => void) => {
        observe(target: unknown, options: Record<string, boolean>): void;
      };
      __percentages: number[];
    };
    const form = scope.document.querySelector('section[aria-label="Create a post"]');
    scope.__percentages = [];
    const read = () => {
      const match = /Processing… (\d+)%/.exec(form?.textContent ?? '');
      const value = Number(match?.[1]);
      if (match && scope.__percentages.at(-1) !== value) scope.__percentages.push(value);
    };
    new scope.MutationObserver(read).observe(form, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { __percentages: number[] }).__percentages);
}

function postWithText(page: Page, text: string): Locator {
  return page
    .getByRole('list', { name: 'Posts', exact: true })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** `who`'s view of `author`'s post carrying `content`, or undefined when it is not listed. */
async function postAsSeenBy(
  who: Person,
  authorId: number,
  content: string,
): Promise<VideoPost | undefined> {
  const posts = (await postsOfUser(who.tokens.access, authorId)) as VideoPost[];
  return posts.find((post) => post.content === content);
}

/** Waits until the author's own view of the post has left 'processing'; returns that view. */
async function settledPost(author: Person, content: string): Promise<VideoPost> {
  let settled: VideoPost | undefined;
  await expect
    .poll(
      async () => {
        settled = await postAsSeenBy(author, author.id, content);
        return settled?.video_state;
      },
      { timeout: TRANSCODE_MS, interval: 1_000, message: 'the video should finish processing' },
    )
    .not.toBe('processing');
  if (!settled) throw new Error(`the author's post "${content}" is gone`);
  return settled;
}

async function fetchText(url: string, init: RequestInit = {}) {
  const res = await fetch(new URL(url, baseUrl()), init);
  return { status: res.status, text: await res.text() };
}

/** The rungs of a master playlist: their names as the server links them, and frame heights. */
function renditionsOf(master: string, masterUrl: string) {
  const lines = master.split('\n').map((line) => line.trim());
  return lines.flatMap((line, index) => {
    const resolution = /RESOLUTION=(\d+)x(\d+)/.exec(line);
    if (!line.startsWith('#EXT-X-STREAM-INF') || !resolution) return [];
    const uri = lines[index + 1] ?? '';
    return [{ height: Number(resolution[2]), url: new URL(uri, new URL(masterUrl, baseUrl())) }];
  });
}

/** The first segment a rung playlist names, as a URL (signed like the playlist). */
function firstSegment(playlist: string, playlistUrl: URL): URL {
  const uri = playlist
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (!uri) throw new Error(`no segment in ${playlistUrl.pathname}:\n${playlist}`);
  return new URL(uri, playlistUrl);
}

describe.skipIf(!HAS_FFMPEG)('video posts', () => {
  it(
    'a phone HEVC .mov posted from the composer is processed, then streams to a fan in HLS',
    async () => {
      const { page } = t;
      const creator = await signedInUser(page);
      const file = await hevcMov('IMG_0042.MOV', { seconds: 5 });
      await page.goto('/');
      await expectHomeScreen(page);
      const c = composer(page);
      const content = `Sunset from the pier ${uniqueName('video')}`;
      await c.text.fill(content);
      await c.media.setInputFiles(file);
      // The real composer (loaded on first intent) holds the file: its remove button shows.
      await expectVisible(c.form.getByRole('button', { name: 'Remove media' }));
      const percentages = await recordProcessingPercentages(page);
      await c.submit.click();

      // The author is told it is processing, in the composer and on the post itself.
      await expectVisible(c.processing, 30_000);
      const own = postWithText(page, content);
      await expectVisible(own.getByText('Only you can see this video until it is ready.'));

      const fan = await person();
      // While the author's copy is still processing, the fan is not shown the post at all.
      const fanEarly = await postAsSeenBy(fan, creator.id, content);
      const authorEarly = await postAsSeenBy(creator, creator.id, content);
      if (authorEarly?.video_state === 'processing') expect(fanEarly).toBeUndefined();

      await expectVisible(c.ready, TRANSCODE_MS);
      const ready = await settledPost(creator, content);
      expect(ready.video_state).toBe('ready');
      // The percentage moved with the live frames between the start and the end.
      const shown = await percentages();
      expect(
        shown.some((value) => value > 0 && value < 100),
        `percentages shown: ${shown.join(', ')}`,
      ).toBe(true);

      // The author's post now plays in place of the progress.
      const ownVideo = own.getByLabel(`Video posted by ${creator.username}`, { exact: true });
      await expectVisible(ownVideo);

      // A fan opens the creator's profile: the post is there, and its video plays.
      const fanPage = await visitors.open();
      await storeSession(fanPage, fan.tokens);
      await fanPage.goto(`/profile/${creator.username}`);
      const fanPost = postWithText(fanPage, content);
      await expectVisible(fanPost);
      const video = fanPost.getByLabel(`Video posted by ${creator.username}`, { exact: true });
      await expectVisible(video);
      await startPlayback(video);
      await expect
        .poll(async () => (await mediaElementState(video)).currentTime, {
          timeout: 30_000,
          message: "the fan's video should play (currentTime advancing)",
        })
        .toBeGreaterThan(1);
      const state = await mediaElementState(video);
      expect(state.error, 'the video should not fail').toBe(0);
      // A transcoded frame of the source's size or a rung below it, never the HEVC original.
      expect([640, 1280]).toContain(state.videoWidth);

      // It played from its first rung; the rest of the ladder follows.
      await expect
        .poll(async () => (await postAsSeenBy(creator, creator.id, content))?.video_progress, {
          timeout: TRANSCODE_MS,
          interval: 1_000,
          message: 'the whole ladder should be made',
        })
        .toBe(100);
      // The fan's JSON streams it: the master lists 360p and 720p, nothing above the source.
      const fanView = await postAsSeenBy(fan, creator.id, content);
      const masterUrl = fanView?.video_hls_url ?? '';
      expect(masterUrl, 'the fan should get the HLS master playlist').toMatch(
        /\/media\/[^/]+\/hls\/master\.m3u8\?/,
      );
      expect(fanView?.video_state, 'only the author learns the transcode state').toBeUndefined();
      const master = await fetchText(masterUrl);
      expect(master.status).toBe(200);
      const rungs = renditionsOf(master.text, masterUrl);
      expect(rungs.map((rung) => rung.height)).toEqual([360, 720]);
      // Every rung's playlist and its first segment are served through the signed URLs.
      for (const rung of rungs) {
        const playlist = await fetchText(rung.url.href);
        expect(playlist.status, rung.url.pathname).toBe(200);
        const segment = await fetch(firstSegment(playlist.text, rung.url));
        expect(segment.status, `a segment of ${rung.url.pathname}`).toBe(200);
        expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    },
    TRANSCODE_MS + 60_000,
  );

  it(
    "refuses a locked video's stream to a fan who has not unlocked it, and serves it after",
    async () => {
      const creator = await person();
      const fan = await person();
      const password = 'pier-at-dusk';
      const content = `Locked clip ${uniqueName('locked')}`;
      await createPostViaApi(creator.tokens.access, {
        content,
        isLocked: true,
        password,
        video: await hevcMov('locked.mov', { seconds: 3, width: 640, height: 360 }),
      });
      const ready = await settledPost(creator, content);
      expect(ready.video_state).toBe('ready');
      const authorMaster = ready.video_hls_url ?? '';
      expect(authorMaster).toMatch(/\/media\/[^/]+\/hls\/master\.m3u8\?/);

      // The fan sees the post locked, with no way to its video.
      // Its text is hidden from the fan too: found by its id.
      const locked = (await postsOfUser(fan.tokens.access, creator.id)).find(
        (post) => post.id === ready.id,
      );
      expect(locked?.is_locked).toBe(true);
      expect(locked?.video_hls_url ?? null).toBeNull();
      expect(locked?.video_url ?? null).toBeNull();

      // A segment of the locked video, without the author's signature: a fan's own signed URL
      // (of a video the fan may watch) does not open it, nor does a forged signature.
      const master = await fetchText(authorMaster);
      const [rung] = renditionsOf(master.text, authorMaster);
      if (!rung) throw new Error(`no rung in the master playlist:\n${master.text}`);
      const playlist = await fetchText(rung.url.href);
      const segment = firstSegment(playlist.text, rung.url);
      const otherContent = `Open clip ${uniqueName('open')}`;
      const open = await createPostViaApi(fan.tokens.access, {
        content: otherContent,
        video: await hevcMov('open.mov', { seconds: 2, width: 640, height: 360 }),
      });
      expect(open.id).toBeGreaterThan(0);
      const openReady = await settledPost(fan, otherContent);
      const fanSignature = new URL(openReady.video_hls_url ?? '', baseUrl()).search;
      const attempts = [
        `${segment.pathname}${fanSignature}`,
        `${segment.pathname}?exp=${segment.searchParams.get('exp')}&sig=${'0'.repeat(43)}`,
        `${rung.url.pathname}${fanSignature}`,
      ];
      for (const attempt of attempts) {
        const res = await fetchText(attempt, {
          headers: { Authorization: `Bearer ${fan.tokens.access}` },
        });
        expect(res.status, attempt).toBe(404);
      }

      // Unlocked with the password, the fan's JSON carries the stream, which plays.
      const unlock = await api(
        'POST',
        `/posts/${ready.id}/unlock/`,
        { password },
        fan.tokens.access,
      );
      expect(unlock.status, JSON.stringify(unlock.body)).toBe(200);
      const unlocked = (await postsOfUser(fan.tokens.access, creator.id)).find(
        (post) => post.id === ready.id,
      );
      const fanMaster = unlocked?.video_hls_url ?? '';
      expect(fanMaster).toMatch(/\/media\/[^/]+\/hls\/master\.m3u8\?/);
      const served = await fetchText(fanMaster);
      expect(served.status).toBe(200);
      expect(renditionsOf(served.text, fanMaster).map((r) => r.height)).toEqual([360]);
    },
    2 * TRANSCODE_MS,
  );

  it(
    'a truncated mp4 posted from the composer ends with a clear error, published to nobody',
    async () => {
      const { page } = t;
      const creator = await signedInUser(page);
      await page.goto('/');
      await expectHomeScreen(page);
      const c = composer(page);
      const content = `Cut short ${uniqueName('broken')}`;
      await c.text.fill(content);
      await c.media.setInputFiles(await truncatedMp4('holiday.mp4'));
      await c.submit.click();

      // The uploader learns why, in the composer and on the post only they can see.
      await expectVisible(c.failure, TRANSCODE_MS);
      const failed = await settledPost(creator, content);
      expect(failed.video_state).toBe('failed');
      const reason = failed.video_error ?? '';
      expect(reason).toMatch(/incomplete or damaged|could not be read as a video/);
      await expectVisible(c.failure.getByText(reason, { exact: false }));
      const own = postWithText(page, content);
      await expectVisible(
        own.getByText('Only you can see this post. Delete it and upload the video again.'),
      );
      expect(await own.getByLabel(`Video posted by ${creator.username}`).count()).toBe(0);

      // Nobody else sees it: not in the API, not on the profile.
      const fan = await person();
      expect(await postAsSeenBy(fan, creator.id, content)).toBeUndefined();
      const fanPage = await visitors.open();
      await storeSession(fanPage, fan.tokens);
      await fanPage.goto(`/profile/${creator.username}`);
      await expectVisible(fanPage.getByRole('heading', { name: creator.username, level: 1 }));
      expect(await fanPage.getByText(content).count()).toBe(0);
    },
    TRANSCODE_MS + 60_000,
  );
});
