import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, loginThroughForm, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { postsOfUser } from './lib/content.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { api, createUser, obtainTokens, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/*
 * Scheduled posts, as a creator plans them: Schedule in the composer, the post waits in the
 * queue on /drafts with its time, and a fan sees it in their feed once it is due.
 */
const t = useBrowser();
const visitors = useOtherVisitors(t);

function composer(page: Page) {
  const form = page.getByRole('region', { name: 'Create a post' });
  return {
    form,
    text: form.getByPlaceholder('Compose new post...', { exact: true }),
    schedule: form.getByRole('button', { name: 'Schedule', exact: true }),
    when: form.getByLabel('Publish at (your time)'),
    scheduleIt: form.getByRole('button', { name: 'Schedule it', exact: true }),
  };
}

describe('scheduled posts', () => {
  it('a creator schedules a post, sees it queued, and a fan sees it in their feed when due', async () => {
    const { page } = t;
    const creator = await signedInUser(page);
    const fan = await createUser();
    const fanTokens = await obtainTokens(fan.email, fan.password);

    await page.goto('/');
    await expectHomeScreen(page);
    // Followed after the shell is checked: the follow's notification renames the bell's link.
    const follow = await api('POST', `/auth/users/${creator.id}/follow/`, {}, fanTokens.access);
    expect(follow.status).toBeLessThan(300);
    const text = `Monday plans ${uniqueName('scheduled')}`;
    const c = composer(page);
    await c.text.fill(text);
    await c.schedule.click();
    // Tomorrow at 09:30, the creator's own time.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:30`;
    await c.when.fill(local);
    await c.scheduleIt.click();
    await expectVisible(c.form.getByText(/^Scheduled for /));
    await expect.poll(() => c.text.inputValue()).toBe('');
    expect(await postsOfUser(fanTokens.access, creator.id)).toEqual([]);

    // The queue on /drafts shows it with its time, and not among the other drafts.
    await page.goto('/drafts');
    await expectPath(page, '/drafts');
    const queue = page.getByRole('list', { name: 'Your scheduled posts, soonest first' });
    const queued = queue.getByRole('listitem').filter({ hasText: text });
    await expectVisible(queued);
    await expectVisible(queued.getByText(/^Scheduled for .*9:30/));
    await expectVisible(queued.getByRole('button', { name: 'Reschedule', exact: true }));
    await expectVisible(queued.getByRole('button', { name: 'Publish now', exact: true }));

    // Moved to a few seconds from now (the API takes seconds; the field takes minutes).
    const [entry] = (
      await api<{ id: number }[]>('GET', '/posts/scheduled/', undefined, creator.tokens.access)
    ).body;
    const soon = new Date(Date.now() + 3_000).toISOString();
    const moved = await api(
      'PATCH',
      `/posts/${entry?.id}/schedule/`,
      { publish_at: soon },
      creator.tokens.access,
    );
    expect(moved.status).toBe(200);

    // The job publishes it; the fan finds it in their feed.
    await expect
      .poll(async () => (await postsOfUser(fanTokens.access, creator.id)).map((p) => p.content), {
        timeout: 90_000,
        interval: 1_000,
      })
      .toEqual([text]);
    const fanPage = await visitors.open();
    await fanPage.goto('/login');
    await loginThroughForm(fanPage, fan.email, fan.password);
    await expectHomeScreen(fanPage);
    await expectVisible(fanPage.getByText(text, { exact: true }));

    // It left the creator's queue.
    await page.reload();
    await expectHidden(queue.getByText(text, { exact: true }));
  });
});
