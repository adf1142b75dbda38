import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, loginThroughForm, signedInUser, userMenuButton } from './lib/app.ts';
import { PHONE, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser } from './lib/content.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { baseUrl, createUser, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/*
 * Drafts and sharing, as people do it: a creator saves a draft from the composer, edits it on
 * the drafts page and publishes it; the Share button copies the post's link; a fan opens that
 * link and sees the post; a link unfurler reading a locked post's page finds no locked text.
 */
const t = useBrowser();
const visitors = useOtherVisitors(t);

function composer(page: Page) {
  const form = page.getByRole('region', { name: 'Create a post' });
  return {
    text: form.getByPlaceholder('Compose new post...', { exact: true }),
    saveDraft: form.getByRole('button', { name: 'Save draft', exact: true }),
    post: form.getByRole('button', { name: 'Post', exact: true }),
    saved: form.getByRole('status').filter({ hasText: 'Draft saved.' }),
  };
}

function feedPosts(page: Page) {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

/** Makes the browser one without a share sheet (as most desktops are), so Share copies. */
async function withoutShareSheet(page: Page) {
  await page.addInitScript(
    "Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });",
  );
}

describe('drafts and sharing', () => {
  it('saves a draft, edits and publishes it, shares its link, and a fan opens it', async () => {
    const { page, context } = t;
    await withoutShareSheet(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const creator = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);

    // Save draft: the composer empties, says so, and the feed does not show the draft.
    const draftText = `Half-written thoughts ${uniqueName('draft')}`;
    const c = composer(page);
    await c.text.fill(draftText);
    await c.saveDraft.click();
    await expectVisible(c.saved);
    await expect.poll(() => c.text.inputValue()).toBe('');
    await expectHidden(page.getByText(draftText, { exact: true }));
    expect(await postsOfUser(creator.tokens.access, creator.id)).toEqual([]);

    // The user menu leads to the drafts page, which lists it.
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Drafts' }).click();
    await expectPath(page, '/drafts');
    await expectVisible(page.getByRole('heading', { name: 'Drafts', level: 1 }));
    const drafts = page.getByRole('list', { name: 'Your drafts' }).getByRole('listitem');
    await expectVisible(drafts.getByText(draftText, { exact: true }));

    // Edit it in place.
    const finalText = `Finished thoughts ${uniqueName('post')}`;
    await drafts.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = drafts.getByRole('textbox', { name: 'Draft text' });
    await editor.fill(finalText);
    await drafts.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(drafts.getByText(finalText, { exact: true }));
    await expectHidden(editor);

    // Publish: it leaves the drafts, and the page is empty.
    await drafts.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectVisible(page.getByText('Published. Your post is now in the feed.'));
    await expectVisible(page.getByText('No drafts yet.', { exact: true }));
    const [published] = await postsOfUser(creator.tokens.access, creator.id);
    expect(published?.content).toBe(finalText);

    // On top of the home feed; Share copies the post page's absolute link.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    const top = feedPosts(page).first();
    await expectVisible(top.getByText(finalText, { exact: true }));
    await top.getByRole('button', { name: 'Share', exact: true }).click();
    await expectVisible(top.getByRole('status').getByText('Link copied', { exact: true }));
    const link = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(link).toBe(`${baseUrl()}/posts/${published?.id}`);

    // A fan, signed out, opens the copied link: signing in leads back to the post.
    const fanPage = await visitors.open();
    const fan = await createUser();
    await fanPage.goto(link);
    await expectPath(fanPage, '/login');
    await loginThroughForm(fanPage, fan.email, fan.password);
    await expectPath(fanPage, `/posts/${published?.id}`);
    const shown = fanPage.getByRole('list', { name: 'Post', exact: true }).getByRole('listitem');
    await expectVisible(shown.getByText(finalText, { exact: true }));
    await expectVisible(shown.getByRole('link', { name: creator.username, exact: true }));
    await expectVisible(shown.getByRole('button', { name: 'Share', exact: true }));
  });

  it('a locked post: its page holds no locked text for unfurlers, and the fan sees the lock', async () => {
    const { page } = t;
    const creator = await signedInUser(page);
    const secret = `Only with the password ${uniqueName('secret')}`;
    const locked = await createPostViaApi(creator.tokens.access, {
      content: secret,
      isLocked: true,
      password: 'open sesame',
    });

    // What a link unfurler reads: the HTML, no JavaScript run.
    const res = await fetch(`${baseUrl()}/posts/${locked.id}`, {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<meta property="og:title" content="Post by @${creator.username}" />`);
    expect(html).toContain(
      `<meta property="og:description" content="Subscribe to @${creator.username} on Zura" />`,
    );
    expect(html).not.toContain(secret);
    // Its card is a neutral JPEG naming the author alone (issue 32).
    expect(html).toContain(
      `<meta property="og:image" content="${baseUrl()}/og/posts/${locked.id}.jpg" />`,
    );
    const card = await fetch(`${baseUrl()}/og/posts/${locked.id}.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');

    // A public post's page gives its text.
    const open = await createPostViaApi(creator.tokens.access, { content: 'Open to everyone' });
    const openHtml = await (await fetch(`${baseUrl()}/posts/${open.id}`)).text();
    expect(openHtml).toContain('<meta property="og:description" content="Open to everyone" />');

    // A fan opening the locked post's link sees the lock, not the text.
    const fanPage = await visitors.open();
    await signedInUser(fanPage);
    await fanPage.goto(`/posts/${locked.id}`);
    await expectVisible(fanPage.getByText('This post is password protected', { exact: true }));
    await expectHidden(fanPage.getByText(secret));

    // A draft's link, and a missing post's, show the not-found state.
    const form = new FormData();
    form.append('content', `A draft ${uniqueName('draft')}`);
    form.append('is_draft', 'true');
    const saved = await fetch(`${baseUrl()}/api/posts/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.tokens.access}` },
      body: form,
    });
    expect(saved.status).toBe(201);
    const draft = (await saved.json()) as { id: number };
    await fanPage.goto(`/posts/${draft.id}`);
    await expectVisible(fanPage.getByRole('heading', { name: 'Post not found', level: 1 }));
    await fanPage.goto('/posts/999999999');
    await expectVisible(fanPage.getByRole('heading', { name: 'Post not found', level: 1 }));
  });

  it('the composer, the drafts page and a post page fit a 390 px phone', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await withoutShareSheet(page);
    const creator = await signedInUser(page);
    const post = await createPostViaApi(creator.tokens.access, { content: 'Fits on a phone' });
    const form = new FormData();
    form.append('content', 'A draft that fits on a phone too');
    form.append('is_draft', 'true');
    const saved = await fetch(`${baseUrl()}/api/posts/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.tokens.access}` },
      body: form,
    });
    expect(saved.status).toBe(201);
    for (const route of ['/', '/drafts', `/posts/${post.id}`]) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const over = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(over, `${route} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    }
    // With "Link copied" shown beside the actions too.
    await page
      .getByRole('list', { name: 'Post', exact: true })
      .getByRole('button', { name: 'Share', exact: true })
      .click();
    await expectVisible(
      page.getByText('Link copied', { exact: true }).or(page.getByText(/Could not copy/)),
    );
    const over = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(over).toBeLessThanOrEqual(0);
  });
});
