import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser, type ApiPost } from './lib/content.ts';
import { person, type Person } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { api, baseUrl, uniqueName } from './lib/server.ts';
import { HAS_FFMPEG, hevcMov } from './lib/videos.ts';

/**
 * Issue 35: a creator whose default is the visible mark has each viewer's name drawn over their
 * gated videos; in Chromium the browser's own full screen, which shows the video alone, is off,
 * and the player's box goes full screen with the mark in it.
 */
const t = useBrowser();

/** Transcoding a few seconds of video on a shared machine: generous, as a user's patience. */
const TRANSCODE_MS = 150_000;

async function settledPost(author: Person, content: string): Promise<ApiPost> {
  let settled: ApiPost | undefined;
  await expect
    .poll(
      async () => {
        settled = (await postsOfUser(author.tokens.access, author.id)).find(
          (post) => post.content === content,
        );
        return settled?.video_state;
      },
      { timeout: TRANSCODE_MS, interval: 1_000, message: 'the video should finish processing' },
    )
    .toBe('ready');
  if (!settled) throw new Error(`the post "${content}" is gone`);
  return settled;
}

/** What is full screen in the page: the marked box, something else, or nothing. */
function fullScreenElement(page: Page) {
  return page.evaluate(() => {
    // The e2e project has no DOM typings: the members used here.
    const { document } = globalThis as unknown as {
      document: { fullscreenElement: { hasAttribute(name: string): boolean } | null };
    };
    const element = document.fullscreenElement;
    if (!element) return 'nothing';
    return element.hasAttribute('data-marked-video') ? 'the marked box' : 'something else';
  });
}

describe.runIf(HAS_FFMPEG)("a gated video's visible mark", () => {
  it(
    "lies over the fan's player and goes full screen with it, the browser's own full screen off",
    { timeout: TRANSCODE_MS + 60_000 },
    async () => {
      const creator = await person();
      const fan = await person();
      const password = 'harbour-lights';
      const content = `Marked clip ${uniqueName('marked')}`;
      const setting = await api(
        'PUT',
        '/auth/profile/',
        { visible_mark_default: true },
        creator.tokens.access,
      );
      expect(setting.status).toBe(200);
      await createPostViaApi(creator.tokens.access, {
        content,
        isLocked: true,
        password,
        video: await hevcMov('marked.mov', { seconds: 3, width: 640, height: 360 }),
      });
      const ready = await settledPost(creator, content);
      const unlocked = await api(
        'POST',
        `/posts/${ready.id}/unlock/`,
        { password },
        fan.tokens.access,
      );
      expect(unlocked.status).toBe(200);

      const { page } = t;
      await storeSession(page, fan.tokens);
      await page.goto(`/posts/${ready.id}`);
      const text = `@${fan.username} · ${new URL(baseUrl()).host}`;
      const box = page.locator('[data-marked-video]');
      await expectVisible(box.getByText(text, { exact: true }));
      const video = box.locator('video');
      await expect.poll(() => video.getAttribute('controlslist')).toBe('nofullscreen');
      expect(await video.getAttribute('disablepictureinpicture')).not.toBeNull();

      await box.getByRole('button', { name: 'Full screen' }).click();
      // The box itself is the full-screen element: the mark, inside it, stays on screen.
      await expect.poll(() => fullScreenElement(page)).toBe('the marked box');
      await expectVisible(box.getByText(text, { exact: true }));
      await box.getByRole('button', { name: 'Exit full screen' }).click();
      await expect.poll(() => fullScreenElement(page)).toBe('nothing');
    },
  );
});
