import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, navLink, signedInUser } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { creatorPerson } from './lib/library.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

const FEED_ALL = {
  heading: 'Recent posts from across Zura',
  hint: 'Follow creators to see their posts here.',
  explore: 'Explore creators',
} as const;

function feedPosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

/** The feed's posts by one author (the author's name is the link at the top of a post). */
function postsBy(page: Page, username: string): Locator {
  return feedPosts(page).filter({
    has: page.getByRole('link', { name: username, exact: true }),
  });
}

type ExploreAnswer = {
  results: { id: number; username: string; followers?: number; is_following?: boolean }[];
};

/** GET /explore/creators/?q= as `access` sees it. */
async function exploreViaApi(access: string, q: string) {
  const res = await api<ExploreAnswer>(
    'GET',
    `/explore/creators/?${new URLSearchParams({ q }).toString()}`,
    undefined,
    access,
  );
  expect(res.status, `GET /explore/creators/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.results;
}

describe('Explore and following', () => {
  it('finds a creator by a bio word from the home search, follows them, then has their posts in the feed', async () => {
    const { page } = t;
    // A word nobody else has in a bio (letters and digits: one search token).
    const word = `glimmer${randomBytes(4).toString('hex')}`;
    const creator = await creatorPerson({
      bio: `Watercolour landscapes every week, painted live; ask me about ${word} pigments.`,
    });
    const postTexts = [
      `Morning light over the bay ${uniqueName('post')}`,
      `A quick study in blue ${uniqueName('post')}`,
    ];
    for (const content of postTexts) await createPostViaApi(creator.tokens.access, { content });

    // A new fan follows nobody: the feed shows everyone's recent posts, and says so.
    const fan = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const everyone = page.getByRole('heading', { name: FEED_ALL.heading, level: 2 });
    await expectVisible(everyone);
    await expectVisible(page.getByText(FEED_ALL.hint, { exact: true }));
    await expectVisible(page.getByRole('link', { name: FEED_ALL.explore, exact: true }));

    // The home search box opens Explore with the query.
    const search = page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(word);
    await search.press('Enter');
    await expectPath(page, '/explore', { search: `?q=${word}` });
    const exploreBox = page.getByRole('searchbox', { name: 'Search creators', exact: true });
    await expect.poll(() => exploreBox.inputValue()).toBe(word);

    // Found by the bio word (not the name), and only them.
    const results = page.getByRole('list', { name: 'Creators', exact: true });
    const result = results.getByRole('article', { name: creator.username, exact: true });
    await expectVisible(result);
    expect(creator.username).not.toContain(word);
    await expectVisible(result.getByText(new RegExp(`${word} pigments`)));
    expect(await results.getByRole('article').count()).toBe(1);
    await expectVisible(result.getByText('0 followers', { exact: true }));
    const profileLink = result.getByRole('link', { name: creator.username, exact: true });
    expect(await profileLink.getAttribute('href')).toBe(`/profile/${creator.username}`);

    // Follow: the button says Following and the count moves to the server's 1.
    const follow = result.getByRole('button', { name: `Follow ${creator.username}`, exact: true });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    expect((await follow.textContent())?.trim()).toBe('Follow');
    await follow.click();
    await expect.poll(async () => (await follow.textContent())?.trim()).toBe('Following');
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    await expectVisible(result.getByText('1 follower', { exact: true }));
    await expect
      .poll(async () => (await exploreViaApi(fan.tokens.access, word))[0])
      .toMatchObject({ id: creator.id, is_following: true, followers: 1 });

    // Kept by the server: after a reload it still says so.
    await page.reload();
    await expectVisible(result.getByText('1 follower', { exact: true }));
    await expect.poll(async () => (await follow.textContent())?.trim()).toBe('Following');

    // Home again: the feed is the followed creator's now, without the fallback heading.
    await navLink(page, 'Home').click();
    await expectPath(page, '/');
    const theirs = postsBy(page, creator.username);
    await expectVisible(theirs.first());
    await expectHidden(everyone);
    await expectHidden(page.getByText(FEED_ALL.hint, { exact: true }));
    for (const content of postTexts) {
      await expectVisible(theirs.getByText(content, { exact: true }));
    }
    // Nothing from anyone else: the fan follows only this creator and has no posts.
    await expect.poll(() => feedPosts(page).count()).toBe(postTexts.length);
    expect(await theirs.count()).toBe(postTexts.length);

    // The creator's profile, from a post, shows the real followers count and the follow.
    await theirs.first().getByRole('link', { name: creator.username, exact: true }).click();
    await expectPath(page, `/profile/${creator.username}`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: creator.username, level: 1 }));
    await expectVisible(main.getByText('1 follower', { exact: true }));
    const profileFollow = main.getByRole('button', {
      name: `Follow ${creator.username}`,
      exact: true,
    });
    await expectVisible(profileFollow);
    expect(await profileFollow.getAttribute('aria-pressed')).toBe('true');

    // The creator sees the follower on their own profile too.
    const own = await visitors.open();
    await storeSession(own, creator.tokens);
    await own.goto('/profile');
    const ownMain = own.getByRole('main');
    await expectVisible(ownMain.getByRole('heading', { name: creator.username, level: 1 }));
    await expectVisible(ownMain.getByText('1 follower', { exact: true }));
  });
});

describe('Explore category filter and locked profiles', () => {
  it('keeps a locked creator the fan unlocked, with their bio', async () => {
    const { page } = t;
    const bio = `Harp covers and field recordings ${uniqueName('bio')}`;
    const creator = await creatorPerson({ bio });
    const profilePassword = `harp-${randomBytes(4).toString('hex')}`;
    const locked = await api(
      'PUT',
      '/auth/profile/',
      { category: 'music', is_profile_locked: true, profile_password: profilePassword },
      creator.tokens.access,
    );
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    await signedInUser(page);

    // The fan unlocks the profile on its page.
    await page.goto(`/profile/${creator.username}`);
    await page.getByRole('button', { name: 'Enter Password', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Password Required' });
    await dialog.getByLabel('Password', { exact: true }).fill(profilePassword);
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByText(bio, { exact: true }));

    // Explore, filtered by the creator's category, lists them for this fan.
    await page.goto('/explore');
    const filtered = page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === '/api/explore/creators/' &&
        new URL(res.url()).searchParams.get('category') === 'music',
    );
    await page.getByLabel('Category', { exact: true }).selectOption('music');
    expect((await filtered).status()).toBe(200);
    // The filtered answer is on screen, not the unfiltered list kept while it loaded.
    const results = page.getByRole('list', { name: 'Creators', exact: true });
    await expect.poll(() => results.getAttribute('aria-busy')).toBeNull();
    const found = results.getByRole('article', { name: creator.username, exact: true });
    await expectVisible(found);
    await expectVisible(found.getByText(bio, { exact: true }));
  });
});
