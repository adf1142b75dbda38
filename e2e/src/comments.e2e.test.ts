import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { person, type Person } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import {
  expectBadge,
  expectNoReload,
  markDocument,
  recordLiveSocket,
  signedInPage,
} from './lib/messaging.ts';
import { uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Comments (issue 18): a fan opens a creator's post's comments from the feed and writes one;
 * the creator, on another device, sees the notification arrive live, opens the same comments
 * and replies; the fan's count and the reply show without a reload.
 */

const t = useBrowser();
const visitors = useOtherVisitors(t);

async function harnessPageOf(who: Person): Promise<Page> {
  await storeSession(t.page, who.tokens);
  return t.page;
}

/** The feed's post by `username` holding `text`. */
function postOf(page: Page, username: string, text: string): Locator {
  return page
    .getByRole('list', { name: 'Posts', exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) })
    .filter({ hasText: text });
}

/** A post's comments panel, opened with its Comment button. */
async function openComments(post: Locator, username: string) {
  await post
    .getByRole('group', { name: 'Post actions', exact: true })
    .getByRole('button', { name: /^Comment/ })
    .click();
  const panel = post.getByRole('region', { name: `Comments on the post by ${username}` });
  await expectVisible(panel);
  return panel;
}

describe('comments on a post', () => {
  it('a fan comments, the creator is told live and replies', async () => {
    const creator = await person();
    const fan = await person();
    const text = `Tonight's set list ${uniqueName('p')}`;
    await createPostViaApi(creator.tokens.access, { content: text });

    const creatorPage = await harnessPageOf(creator);
    const creatorLive = recordLiveSocket(creatorPage);
    await creatorPage.goto('/');
    await expectHomeScreen(creatorPage);
    await creatorLive.expectConnected();
    await markDocument(creatorPage);
    await expectBadge(creatorPage, 'Notifications', 0);

    const fanPage = await signedInPage(() => visitors.open(), fan);
    await fanPage.goto('/');
    await expectHomeScreen(fanPage);
    const fanPost = postOf(fanPage, creator.username, text);
    const fanPanel = await openComments(fanPost, creator.username);
    await expectVisible(fanPanel.getByText('No comments yet. Be the first to comment!'));
    const field = fanPanel.getByRole('textbox', { name: 'Your comment', exact: true });
    const send = fanPanel.getByRole('button', { name: 'Comment', exact: true });
    await expect.poll(() => send.isDisabled()).toBe(true);
    const comment = `Can't wait @${creator.username}!`;
    await field.fill(comment);
    await expectVisible(fanPanel.getByText(`${comment.length} / 2000`, { exact: true }));
    await send.click();
    const written = fanPanel.getByTestId('comment').filter({ hasText: "Can't wait" });
    await expectVisible(written);
    // The mention links to the creator's profile; the count is on the post's button.
    await expectVisible(written.getByRole('link', { name: `@${creator.username}`, exact: true }));
    await expectVisible(fanPanel.getByRole('heading', { name: '1 comment', exact: true }));
    await expect.poll(() => field.inputValue()).toBe('');

    // The creator hears of it at once, on the page they already had open.
    await expectBadge(creatorPage, 'Notifications', 1);
    await expectNoReload(creatorPage);
    expect(creatorLive.ofType('notification')).toContainEqual(
      expect.objectContaining({
        notification: expect.objectContaining({
          notification_type: 'comment',
          message: expect.stringContaining(`${fan.username} commented on your post`),
        }),
      }),
    );

    // And replies from the post's comments.
    const creatorPost = postOf(creatorPage, creator.username, text);
    const creatorPanel = await openComments(creatorPost, creator.username);
    const theirs = creatorPanel.getByTestId('comment').filter({ hasText: "Can't wait" });
    await expectVisible(theirs);
    // The author may delete it, but edit only their own; comments can be turned off here.
    await expectVisible(theirs.getByRole('button', { name: 'Delete', exact: true }));
    await expectHidden(theirs.getByRole('button', { name: 'Edit', exact: true }));
    await expectVisible(creatorPanel.getByRole('switch', { name: 'Allow comments' }));
    await theirs.getByRole('button', { name: 'Reply', exact: true }).click();
    const reply = `Thank you ${uniqueName('r')}`;
    await theirs.getByRole('textbox', { name: 'Your comment', exact: true }).fill(reply);
    await theirs.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await expectVisible(theirs.getByText(reply, { exact: true }));
    await expectVisible(theirs.getByRole('button', { name: 'Hide replies', exact: true }));

    // The fan is told of the reply live, and finds it under their comment.
    await expectBadge(fanPage, 'Notifications', 1);
    await fanPage.reload();
    const again = await openComments(postOf(fanPage, creator.username, text), creator.username);
    const mine = again.getByTestId('comment').filter({ hasText: "Can't wait" }).first();
    await mine.getByRole('button', { name: 'Show 1 reply', exact: true }).click();
    await expectVisible(mine.getByText(reply, { exact: true }));
    await expectPath(fanPage, '/');
  });

  it('a fan edits and deletes their comment; the creator turns comments off', async () => {
    const creator = await person();
    const fan = await person();
    const text = `Behind the scenes ${uniqueName('p')}`;
    await createPostViaApi(creator.tokens.access, { content: text });

    const fanPage = await harnessPageOf(fan);
    await fanPage.goto('/');
    await expectHomeScreen(fanPage);
    const panel = await openComments(postOf(fanPage, creator.username, text), creator.username);
    await panel.getByRole('textbox', { name: 'Your comment', exact: true }).fill('Frist!');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    // The only comment: found by place, as its text moves into the field while edited.
    const mine = panel.getByTestId('comment').first();
    await expectVisible(mine.getByText('Frist!', { exact: true }));

    // Edit: the field holds the text; saved, the comment says it was edited.
    await mine.getByRole('button', { name: 'Edit', exact: true }).click();
    const field = mine.getByRole('textbox', { name: 'Your comment', exact: true });
    await expect.poll(() => field.inputValue()).toBe('Frist!');
    await field.fill('First!');
    await mine.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = panel.getByTestId('comment').filter({ hasText: 'First!' });
    await expectVisible(edited.getByText('(edited)', { exact: true }));

    // Delete asks first.
    await edited.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = fanPage.getByRole('dialog', { name: 'Delete comment' });
    await expectVisible(dialog.getByText('Are you sure you want to delete this comment?'));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(panel.getByText('No comments yet. Be the first to comment!'));

    // The creator turns comments off from the post's comments.
    const creatorPage = await signedInPage(() => visitors.open(), creator);
    await creatorPage.goto('/');
    const own = await openComments(postOf(creatorPage, creator.username, text), creator.username);
    const allow = own.getByRole('switch', { name: 'Allow comments' });
    await expect.poll(() => allow.getAttribute('aria-checked')).toBe('true');
    await allow.click();
    await expectVisible(own.getByText('Comments are turned off for this post.'));

    // The fan finds them off: no field to write in.
    await fanPage.reload();
    const closed = await openComments(postOf(fanPage, creator.username, text), creator.username);
    await expectVisible(closed.getByText('Comments are turned off for this post.'));
    await expectHidden(closed.getByRole('textbox', { name: 'Your comment', exact: true }));
  });
});
