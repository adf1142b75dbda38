import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { paidCreator, person, subscribeViaApi, topUpViaApi, type Person } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, pngFile } from './lib/images.ts';
import { api, baseUrl } from './lib/server.ts';

/**
 * Issue 32 on a 390 × 844 phone, as a fan lives it: a shared post's link, a like and a comment
 * shown at once, the creator's profile with their whole photo over the cover, and a like there.
 */
const t = useBrowser({ viewport: PHONE });

/** PUT /auth/profile/ with a profile photo and a cover, as the edit form sends them. */
async function givePhotos(creator: Person): Promise<void> {
  const form = new FormData();
  for (const [name, file] of [
    ['profile_image', pngFile('me.png', 400, 400)],
    ['cover_image', pngFile('cover.png', 1200, 400)],
  ] as const) {
    form.append(name, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const res = await fetch(`${baseUrl()}/api/auth/profile/`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${creator.tokens.access}`, Accept: 'application/json' },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The card of the post saying `content`, and its row of actions. */
function card(page: Page, content: string) {
  const article = page.getByRole('article').filter({ hasText: content });
  const actions = article.getByRole('group', { name: 'Post actions' });
  return { article, actions, like: actions.getByRole('button', { name: 'Like', exact: true }) };
}

async function expectLikedOnce(actions: Locator, like: Locator): Promise<void> {
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
  await expectVisible(actions.getByText('1 like', { exact: true }));
}

/**
 * Whether the element is what the page shows at its centre and just inside its top edge, i.e.
 * nothing (such as the cover) is painted over it there.
 */
async function shownOnTop(element: Locator): Promise<{ centre: boolean; top: boolean }> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const hit = (y: number) => {
      const found = node.ownerDocument.elementFromPoint(x, y);
      return found !== null && (found === node || node.contains(found));
    };
    return { centre: hit(box.top + box.height / 2), top: hit(box.top + 2) };
  });
}

describe('a fan on a phone: a shared post, its creator, their profile', () => {
  it('likes and comments at once, sees the whole profile photo, likes on the profile', async () => {
    const creator = await paidCreator();
    await givePhotos(creator);
    const sharedText = `Shared sunrise ${Date.now()}`;
    const profileText = `Profile sunset ${Date.now()}`;
    const shared = await createPostViaApi(creator.tokens.access, { content: sharedText });
    await createPostViaApi(creator.tokens.access, { content: profileText });
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '10');
    await subscribeViaApi(fan.tokens.access, creator.id);

    const { page } = t;
    await storeSession(page, fan.tokens);
    await page.goto(`/posts/${shared.id}`);

    // The like shows pressed with its count, without reading the page again.
    const post = card(page, sharedText);
    await expectVisible(post.like);
    await post.like.click();
    await expectLikedOnce(post.actions, post.like);

    // The comment shows under the post with the new count; no error, the box empties.
    await post.actions.getByRole('button', { name: /^Comment/ }).click();
    const panel = post.article.getByRole('region', {
      name: `Comments on the post by ${creator.username}`,
    });
    const box = panel.getByRole('textbox', { name: 'Your comment' });
    await box.fill('What light!');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await expectVisible(panel.getByText('What light!', { exact: true }));
    await expect.poll(() => box.inputValue()).toBe('');
    await expectVisible(post.actions.getByRole('button', { name: /^Comment\s*1$/ }));
    expect(await page.getByText('Could not send the comment.').count()).toBe(0);
    const saved = await api<{ results: { content: string }[] }>(
      'GET',
      `/posts/${shared.id}/comments/`,
      undefined,
      fan.tokens.access,
    );
    expect(saved.body.results.map((comment) => comment.content)).toEqual(['What light!']);

    // The creator's profile: their photo whole, over the cover it overlaps.
    await post.article.getByRole('link', { name: creator.username, exact: true }).click();
    await expectPath(page, `/profile/${creator.username}`);
    const photo = page.getByRole('img', { name: creator.username, exact: true });
    await expectImageLoaded(photo);
    await photo.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    const cover = page.getByRole('img', { name: `Cover image of ${creator.username}` }).last();
    const [photoBox, coverBox] = [await photo.boundingBox(), await cover.boundingBox()];
    expect(photoBox && coverBox && photoBox.y < coverBox.y + coverBox.height).toBe(true);
    expect(await shownOnTop(photo)).toEqual({ centre: true, top: true });

    // A like on the profile shows at once too.
    const onProfile = card(page, profileText);
    await expectVisible(onProfile.like);
    await onProfile.like.click();
    await expectLikedOnce(onProfile.actions, onProfile.like);
  });
});
