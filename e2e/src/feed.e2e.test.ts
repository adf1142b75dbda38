import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { postsOfUser } from './lib/content.ts';
import { expectDisabled, expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile, SIGNED_MEDIA_URL } from './lib/images.ts';
import { baseUrl, strongPassword, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** The home composer (spec 2.7) and its parts. */
function composer(page: Page) {
  const form = page.getByRole('region', { name: 'Create a post' });
  return {
    form,
    text: form.getByPlaceholder('Compose new post...', { exact: true }),
    media: form.getByLabel('Image or video', { exact: true }),
    preview: form.getByRole('img', { name: 'Selected media' }),
    removeMedia: form.getByRole('button', { name: 'Remove media' }),
    lock: form.getByRole('switch', { name: 'Lock this post with a password' }),
    password: form.getByLabel('Password', { exact: true }),
    confirm: form.getByLabel('Confirm password', { exact: true }),
    submit: form.getByRole('button', { name: 'Post', exact: true }),
  };
}

function feedPosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

/** The feed's posts by one author (the author's name is the link at the top of a post). */
function postsBy(page: Page, username: string): Locator {
  return feedPosts(page).filter({
    has: page.getByRole('link', { name: username, exact: true }),
  });
}

describe('home composer', () => {
  it("puts a new text post on top of the feed, aged 'Just now', and resets", async () => {
    const { page } = t;
    const user = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const c = composer(page);

    // Spec 5: Post is disabled unless there is trimmed text or media.
    await expectDisabled(c.submit, true);
    await c.text.fill('   ');
    await expectDisabled(c.submit, true);

    const text = `Hello from the composer ${uniqueName('post')}`;
    await c.text.fill(text);
    await expectDisabled(c.submit, false);
    await c.submit.click();

    const top = feedPosts(page).first();
    await expectVisible(top.getByText(text, { exact: true }));
    await expectVisible(top.getByText('Just now', { exact: true }));
    // With the current user's name, linking to the profile (spec 2.7).
    const author = top.getByRole('link', { name: user.username, exact: true });
    await expectVisible(author);
    expect(await author.getAttribute('href')).toBe(`/profile/${user.username}`);
    for (const name of ['Like', 'Comment', 'Share']) {
      await expectVisible(top.getByRole('button', { name, exact: true }));
    }

    // Spec 4: after a successful post the composer is empty again.
    await expect.poll(() => c.text.inputValue()).toBe('');
    await expectDisabled(c.submit, true);

    // It was stored: the server lists it, and it is still on top after a reload.
    const stored = await postsOfUser(user.tokens.access, user.id);
    expect(stored.map((post) => post.content)).toEqual([text]);
    await page.reload();
    await expectVisible(feedPosts(page).first().getByText(text, { exact: true }));

    // The author's name leads to the author's profile, which lists the post.
    await feedPosts(page).first().getByRole('link', { name: user.username, exact: true }).click();
    await expectPath(page, `/profile/${user.username}`);
    await expectVisible(page.getByRole('heading', { name: user.username, level: 1 }));
    await expectVisible(
      page.getByRole('list', { name: 'Posts', exact: true }).getByText(text, { exact: true }),
    );
  });

  it('posts a picked PNG: preview at most 200 px high, then a signed /media/ image in the feed', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const c = composer(page);

    // A tall image, so the preview's height limit matters.
    await c.media.setInputFiles(pngFile('tall.png', 240, 720));
    await expectImageLoaded(c.preview);
    expect(await c.preview.getAttribute('src')).toMatch(/^blob:/);
    const box = await c.preview.boundingBox();
    expect(box?.height).toBeGreaterThan(0);
    expect(box?.height).toBeLessThanOrEqual(200);
    // Media alone is enough to post.
    await expectDisabled(c.submit, false);

    // The remove button takes the picked file away again.
    await c.removeMedia.click();
    await expectHidden(c.preview);
    await expectDisabled(c.submit, true);

    await c.media.setInputFiles(pngFile('photo.png', 640, 360));
    await expectImageLoaded(c.preview);
    await c.submit.click();

    const top = feedPosts(page).first();
    await expectVisible(top.getByRole('link', { name: user.username, exact: true }));
    const image = top.getByRole('img', { name: `Image posted by ${user.username}` });
    await expectImageLoaded(image);
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(SIGNED_MEDIA_URL);
    // The picture shown is the one uploaded (a 16:9 PNG), not a stand-in.
    const size = await naturalSize(image);
    expect(size.width / size.height).toBeCloseTo(640 / 360, 1);
    // Spec 5: the media-only placeholder text is not displayed.
    expect(await top.getByText('Posted an image').count()).toBe(0);
    // The composer is reset: no preview any more.
    await expectHidden(c.preview);

    // The signature matters: the same path with a forged one is refused.
    const signed = await fetch(`${baseUrl()}${src}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toMatch(/^image\//);
    const forged = await fetch(`${baseUrl()}${src.replace(/sig=[\w-]+/, 'sig=forged')}`);
    expect(forged.status).toBeGreaterThanOrEqual(400);

    // Stored with its image: after a reload it is still shown and loads.
    await page.reload();
    await expectImageLoaded(
      feedPosts(page)
        .first()
        .getByRole('img', { name: `Image posted by ${user.username}` }),
    );
  });
});

describe('password-protected posts', () => {
  it('locks a post in the composer and unlocks it as another user in the feed', async () => {
    const { page } = t;
    const owner = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const c = composer(page);
    const secret = `Only with the password ${uniqueName('secret')}`;
    const postPassword = strongPassword();

    await c.text.fill(secret);
    await c.lock.click();
    expect(await c.lock.getAttribute('aria-checked')).toBe('true');
    await expectVisible(c.password);
    await expectVisible(c.confirm);

    // Spec 5: a locked post needs a password...
    await c.submit.click();
    await expectVisible(
      c.form.getByText('Please enter a password to lock this post.', { exact: true }),
    );
    // ...equal to its confirmation.
    await c.password.fill(postPassword);
    await c.confirm.fill(`${postPassword}x`);
    await expectVisible(c.form.getByText('Passwords do not match.', { exact: true }));
    await c.submit.click();
    await expectVisible(c.form.getByText('Passwords do not match.', { exact: true }));
    expect(await postsOfUser(owner.tokens.access, owner.id)).toEqual([]);

    await c.confirm.fill(postPassword);
    await expectHidden(c.form.getByText('Passwords do not match.', { exact: true }));
    await c.submit.click();

    // The author sees the post, with its text and the lock badge.
    const own = feedPosts(page).first();
    await expectVisible(own.getByText(secret, { exact: true }));
    await expectVisible(own.getByRole('img', { name: 'Password-protected post' }));
    // Spec 4: text, lock flag and passwords reset.
    await expect.poll(() => c.text.inputValue()).toBe('');
    expect(await c.lock.getAttribute('aria-checked')).toBe('false');
    await expectHidden(c.password);
    const [stored] = await postsOfUser(owner.tokens.access, owner.id);
    expect(stored).toMatchObject({ content: secret, is_locked: true });

    // Another user, in a browser of their own.
    const other = await visitors.open();
    await signedInUser(other);
    await other.goto('/');
    await expectHomeScreen(other);
    const card = postsBy(other, owner.username);
    await expectVisible(card.getByText('This post is password protected', { exact: true }));
    expect(await card.count()).toBe(1);
    expect(await card.getByText(secret).count()).toBe(0);
    const unlockButton = card.getByRole('button', { name: 'Enter Password to Unlock' });
    await expectVisible(unlockButton);

    await unlockButton.click();
    // Spec: the prompt 'Enter password to unlock this post:', here the dialog's title.
    const dialog = other.getByRole('dialog', { name: 'Enter password to unlock this post:' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('Enter password to unlock this post:', { exact: true }));
    const password = dialog.getByLabel('Password', { exact: true });
    const unlock = dialog.getByRole('button', { name: 'Unlock', exact: true });

    await unlock.click();
    await expectVisible(
      dialog.getByText('Incorrect password or failed to unlock post.', { exact: true }),
    );

    await password.fill(`${postPassword}-wrong`);
    await unlock.click();
    await expectVisible(
      dialog.getByText('Incorrect password or failed to unlock post.', { exact: true }),
    );
    await expectVisible(dialog);
    expect(await card.getByText(secret).count()).toBe(0);

    // The right password: the dialog closes and the whole feed is loaded again (spec 4).
    const calls: string[] = [];
    other.on('request', (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname === '/api/posts/') {
        calls.push('feed');
      }
    });
    other.on('response', (res) => {
      if (new URL(res.url()).pathname === `/api/posts/${stored?.id}/unlock/`) {
        calls.push(`unlock ${res.status()}`);
      }
    });
    await password.fill(postPassword);
    await unlock.click();
    await expect
      .poll(() => (calls.includes('unlock 200') ? calls.slice(calls.indexOf('unlock 200')) : []), {
        message: `a feed request after the unlock (${calls.join(', ')})`,
      })
      .toContain('feed');
    await expectHidden(dialog);
    await expectVisible(card.getByText(secret, { exact: true }));
    await expectHidden(card.getByText('This post is password protected'));

    // The unlock is kept by the server.
    await other.reload();
    await expectVisible(postsBy(other, owner.username).getByText(secret, { exact: true }));
  });
});
