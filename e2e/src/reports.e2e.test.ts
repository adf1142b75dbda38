import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser } from './lib/content.ts';
import { adminPerson, person, type Person } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { signedInPage } from './lib/messaging.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Reporting: a fan reports a post from its menu, an admin removes it from the Reports tab with
 * a note, the creator is told the note, and the post is gone for everyone.
 */

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** Opens the Report dialog of the post reading `text` on the profile the page shows. */
async function openReportDialog(page: Page, author: Person, text: string) {
  const card = page.getByRole('article').filter({ hasText: text });
  await card
    .getByRole('button', { name: `More actions for the post by ${author.username}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Report', exact: true }).click();
  return page.getByRole('dialog', { name: `Report the post by ${author.username}`, exact: true });
}

describe('reporting a post', () => {
  it('is reported by a fan, removed by an admin with a note, and gone for everyone', async () => {
    const creator = await person();
    const fan = await person();
    const text = `Buy followers cheap ${uniqueName('spam')}`;
    const post = await createPostViaApi(creator.tokens.access, { content: text });

    // The fan reports it from the post's menu, with a reason and details.
    await storeSession(t.page, fan.tokens);
    await t.page.goto(`/profile/${creator.username}`);
    await expectVisible(t.page.getByText(text, { exact: true }));
    let dialog = await openReportDialog(t.page, creator, text);
    // No reason is chosen for the fan: the form asks for one before sending anything.
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(
      dialog.getByRole('alert').getByText('Choose a reason for your report.', { exact: true }),
    );
    await dialog.getByLabel('Reason', { exact: true }).selectOption({ label: 'Harassment' });
    await dialog.getByLabel('Details (optional)', { exact: true }).fill('Posts this every hour.');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(dialog.getByText('Thanks. A moderator will look at it.', { exact: true }));
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expectHidden(dialog);

    // A second report of the same post is refused with the server's words.
    dialog = await openReportDialog(t.page, creator, text);
    await dialog.getByLabel('Reason', { exact: true }).selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(
      dialog
        .getByRole('alert')
        .getByText('You have already reported this. A moderator will look at it.', {
          exact: true,
        }),
    );

    // The admin finds it first thing at /admin and removes it with a note for the creator.
    const admin = await adminPerson();
    const adminPage = await signedInPage(() => visitors.open(), admin);
    await adminPage.goto('/admin');
    const reportsTab = adminPage.getByRole('tab', { name: 'Reports', exact: true });
    await expectVisible(reportsTab);
    expect(await reportsTab.getAttribute('aria-selected')).toBe('true');
    const group = adminPage
      .getByRole('list', { name: 'Open reports', exact: true })
      .getByRole('article', { name: `Post #${post.id}`, exact: true });
    await expectVisible(group.getByText(text, { exact: true }));
    await expectVisible(group.getByText(`by ${creator.username}`, { exact: true }));
    await expectVisible(group.getByText(new RegExp(`^${fan.username} · Harassment · `)));
    await expectVisible(group.getByText('Posts this every hour.', { exact: true }));
    await group.getByRole('button', { name: 'Remove content', exact: true }).click();
    const remove = adminPage.getByRole('dialog', { name: `Remove Post #${post.id}`, exact: true });
    const note = 'Selling followers is not allowed.';
    await remove.getByLabel('Note (shown to the owner)', { exact: true }).fill(note);
    await remove.getByRole('button', { name: 'Remove content', exact: true }).click();
    await expectHidden(remove);
    // The queue refreshes: the group has left Open and shows under Resolved.
    await expectHidden(group);
    await adminPage.getByRole('tab', { name: 'Resolved', exact: true }).click();
    const resolved = adminPage
      .getByRole('list', { name: 'Resolved reports', exact: true })
      .getByRole('article', { name: `Post #${post.id}`, exact: true });
    await expectVisible(
      resolved.getByText(`Content removed by ${admin.username}`, { exact: false }),
    );

    // The creator reads the note in their notifications.
    const creatorPage = await signedInPage(() => visitors.open(), creator);
    await creatorPage.goto('/notifications');
    const notice = creatorPage.getByRole('main').getByRole('listitem').filter({ hasText: note });
    await expectVisible(notice);
    expect(await notice.innerText()).toContain('A moderator removed your post');

    // The post is gone for everyone: the API, the fan's feed and the profile page.
    for (const who of [fan, creator, admin]) {
      const ids = (await postsOfUser(who.tokens.access, creator.id)).map((each) => each.id);
      expect(ids).not.toContain(post.id);
    }
    const feed = await api<{ id: number }[]>('GET', '/posts/', undefined, fan.tokens.access);
    expect(feed.status).toBe(200);
    expect(feed.body.map((each) => each.id)).not.toContain(post.id);
    const unlock = await api(
      'POST',
      `/posts/${post.id}/unlock/`,
      { password: 'x' },
      fan.tokens.access,
    );
    expect(unlock.status).toBe(404);
    await t.page.goto(`/profile/${creator.username}`);
    await expectVisible(
      t.page.getByRole('main').getByRole('heading', { name: creator.username, level: 1 }),
    );
    await expectHidden(t.page.getByText(text, { exact: true }));
  });
});
