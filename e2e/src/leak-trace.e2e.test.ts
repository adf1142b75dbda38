import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { userMenuButton } from './lib/app.ts';
import { seriousViolations } from './lib/axe.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, postsOfUser } from './lib/content.ts';
import { paidCreator, person, subscribeViaApi, topUpViaApi } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { photoPng } from './lib/photos.ts';
import { baseUrl, uniqueName } from './lib/server.ts';

/**
 * Issue 35: a subscriber's copy of a creator's subscriber-only photo is marked for them; the
 * creator gives that copy to the leak tracer and is told the subscriber's name, reports the
 * account and downloads the takedown notice.
 */
const t = useBrowser();

describe('the leak tracer', () => {
  it('names the subscriber a copy of a subscriber-only photo was served to', async () => {
    const { page } = t;
    const creator = await paidCreator({ price: '4.99' });
    const post = await createPostViaApi(creator.tokens.access, {
      content: `Behind the scenes ${uniqueName('leak')}`,
      image: { name: 'studio.png', mimeType: 'image/png', buffer: photoPng(35) },
    });
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '20');
    await subscribeViaApi(fan.tokens.access, creator.id);

    // The fan loads the post: its image address names them, and answers their marked copy. The
    // feed size is made in the background after the upload; its address appears once it is.
    let imageUrl = '';
    await expect
      .poll(
        async () => {
          const seen = (await postsOfUser(fan.tokens.access, creator.id)).find(
            (p) => p.id === post.id,
          );
          imageUrl = seen?.image_url ?? '';
          return imageUrl;
        },
        { timeout: 30_000 },
      )
      .toMatch(new RegExp(`^/media/[\\w-]+/feed\\?exp=\\d+&to=${fan.id}&sig=`));
    const served = await fetch(`${baseUrl()}${imageUrl}`);
    expect(served.status).toBe(200);
    const mimeType = served.headers.get('content-type') ?? '';
    expect(mimeType).toMatch(/^image\//);
    const copy = Buffer.from(await served.arrayBuffer());

    // The creator finds the tracer among their tools.
    await storeSession(page, creator.tokens);
    await page.goto('/');
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Leak tracer', exact: true }).click();
    await page.waitForURL('**/creator/leak-tracer');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Leak tracer', level: 1 }));

    await main.getByLabel('File to trace', { exact: true }).setInputFiles({
      name: 'found-online',
      mimeType,
      buffer: copy,
    });
    await expectVisible(main.getByRole('img', { name: 'The file to trace: found-online' }));
    await main.getByRole('button', { name: 'Trace', exact: true }).click();

    const heading = main.getByRole('heading', {
      name: `This copy was served to @${fan.username}`,
      exact: true,
    });
    await expectVisible(heading, 60_000);
    const card = main.getByRole('region', { name: `This copy was served to @${fan.username}` });
    await expectVisible(card.getByText(/^Confidence: 99\.9+%$/));
    await expectVisible(
      card.getByText(/^\d+ of \d+ code bits read clearly; chance of a false match/),
    );
    expect(
      await card.getByRole('link', { name: 'Open the post', exact: true }).getAttribute('href'),
    ).toBe(`/posts/${post.id}`);
    expect(
      await card
        .getByRole('link', { name: `Open the profile of @${fan.username}`, exact: true })
        .getAttribute('href'),
    ).toBe(`/profile/${fan.id}`);
    expect(await seriousViolations(page, '/creator/leak-tracer with a result')).toEqual([]);

    // The takedown notice names the post's address, as a text file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download takedown notice', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^takedown-notice-\d+\.txt$/);
    const notice = await fs.readFile(await download.path(), 'utf8');
    expect(notice).toContain(`/posts/${post.id}`);

    await card.getByRole('button', { name: 'Report this account', exact: true }).click();
    await expectVisible(card.getByRole('status').getByText('Reported', { exact: true }));
  });
});
