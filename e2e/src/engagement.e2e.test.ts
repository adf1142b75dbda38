import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, navLink, signedInUser, userMenuButton } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { expectBadge } from './lib/messaging.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Reacting to posts (issue 18): a fan likes a creator's post, and the creator sees it live.
 * Each journey sets up its own people; add comments and shares as further `it`s.
 */
const t = useBrowser();
const visitors = useOtherVisitors(t);

/** The feed's post holding `text`. */
function postWith(page: Page, text: string): Locator {
  return page
    .getByRole('list', { name: 'Posts', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });
}

function likeButton(post: Locator): Locator {
  return post.getByRole('button', { name: 'Like', exact: true });
}

async function expectLikes(post: Locator, count: number): Promise<void> {
  await expectVisible(post.getByText(count === 1 ? '1 like' : `${count} likes`, { exact: true }));
}

describe('likes', () => {
  it('a fan likes a post; the creator sees the count and the notification live', async () => {
    const fanPage = t.page;
    const fan = await signedInUser(fanPage);
    const creatorPage = await visitors.open();
    const creator = await signedInUser(creatorPage);
    const text = `Like me ${uniqueName('post')}`;
    const post = await createPostViaApi(creator.tokens.access, { content: text });
    const follow = await api(
      'POST',
      `/auth/users/${creator.id}/follow/`,
      undefined,
      fan.tokens.access,
    );
    expect(follow.status).toBe(200);
    // The follow's own notice, read, so the badge counts the like alone.
    await api('POST', '/notifications/mark_all_read/', undefined, creator.tokens.access);

    // The creator watches their own feed: the count moves without a reload.
    await creatorPage.goto('/');
    await expectHomeScreen(creatorPage);
    const creatorsView = postWith(creatorPage, text);
    await expectLikes(creatorsView, 0);
    await expectBadge(creatorPage, 'Notifications', 0);

    await fanPage.goto('/');
    await expectHomeScreen(fanPage);
    const fansView = postWith(fanPage, text);
    const like = likeButton(fansView);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expectLikes(fansView, 1);

    await expectLikes(creatorsView, 1);
    await expectBadge(creatorPage, 'Notifications', 1);
    await navLink(creatorPage, 'Notifications 1 unread').click();
    await expectPath(creatorPage, '/notifications');
    await expectVisible(creatorPage.getByText(`${fan.username} liked your post`, { exact: true }));
    // The notice opens the post it is about.
    await creatorPage.getByText(`${fan.username} liked your post`, { exact: true }).click();
    await expectPath(creatorPage, `/posts/${post.id}`);
    await expectVisible(creatorPage.getByText(text, { exact: true }));

    // Kept: after a reload the fan still likes it, and finds it under "Posts I liked".
    await fanPage.reload();
    await expect
      .poll(() => likeButton(postWith(fanPage, text)).getAttribute('aria-pressed'))
      .toBe('true');
    await userMenuButton(fanPage).click();
    await fanPage.getByRole('menuitem', { name: 'Posts I liked' }).click();
    await expectPath(fanPage, '/liked');
    // The feed's list is also named "Posts": wait for the new page before looking in its list.
    await expectVisible(fanPage.getByRole('heading', { name: 'Posts I liked', exact: true }));
    await expectVisible(postWith(fanPage, text));

    // Unliking there takes the like back, for the creator too.
    await likeButton(postWith(fanPage, text)).click();
    await expectLikes(postWith(fanPage, text), 0);
    await creatorPage.goto('/');
    await expectLikes(postWith(creatorPage, text), 0);
  });
});
