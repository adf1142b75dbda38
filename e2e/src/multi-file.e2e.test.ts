import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { postsOfUser } from './lib/content.ts';
import { expectDisabled, expectHidden, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile } from './lib/images.ts';
import { uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

function composer(page: Page) {
  const form = page.getByRole('region', { name: 'Create a post' });
  return {
    form,
    text: form.getByPlaceholder('Compose new post...', { exact: true }),
    media: form.getByLabel('Image or video', { exact: true }),
    files: form.getByRole('list', { name: 'Selected files', exact: true }),
    submit: form.getByRole('button', { name: 'Post', exact: true }),
  };
}

function postWithText(page: Page, text: string): Locator {
  return page
    .getByRole('list', { name: 'Posts', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });
}

/** The width-to-height ratio of the image on the slide shown (others are hidden). */
async function shownRatio(carousel: Locator, username: string): Promise<number> {
  const image = carousel.getByRole('img', { name: `Image posted by ${username}` });
  await expectImageLoaded(image);
  const size = await naturalSize(image.first());
  return size.width / size.height;
}

describe('a post with several images', () => {
  it('is put together in the composer, and a fan swipes through it with the counter', async () => {
    const { page } = t;
    const creator = await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const c = composer(page);
    const text = `Three from the beach ${uniqueName('set')}`;
    await c.text.fill(text);
    await c.media.setInputFiles([
      pngFile('wide.png', 640, 360),
      pngFile('tall.png', 360, 640),
      pngFile('square.png', 500, 500),
    ]);
    await expectVisible(c.files);
    expect(await c.files.getByRole('listitem').count()).toBe(3);
    await expectVisible(c.form.getByText('3/20', { exact: true }));

    // The square one goes second, by keyboard; the focus stays on the file moved.
    const earlier = c.files.getByRole('button', { name: 'Move file 3 earlier' });
    await earlier.focus();
    await page.keyboard.press('Enter');
    await expectVisible(c.files.getByRole('img', { name: 'File 2 of 3' }));
    expect(await c.files.locator(':focus').getAttribute('aria-label')).toMatch(
      /^Move file 2 (earlier|later)$/,
    );
    await c.submit.click();
    await expectHidden(c.files);

    const [stored] = await postsOfUser(creator.tokens.access, creator.id);
    expect(stored?.media?.map((file) => file.width)).toEqual([640, 500, 360]);

    const fan = await visitors.open();
    await signedInUser(fan);
    await fan.goto('/');
    await expectHomeScreen(fan);
    const card = postWithText(fan, text);
    const carousel = card.getByRole('region', { name: `Files posted by ${creator.username}` });
    await expectVisible(carousel);
    const counter = carousel.getByText(/^\d+ \/ 3$/);
    await expect.poll(() => counter.textContent()).toBe('1 / 3');
    expect(await shownRatio(carousel, creator.username)).toBeCloseTo(640 / 360, 1);
    await expectDisabled(carousel.getByRole('button', { name: 'Previous file' }), true);

    // A swipe to the left with the mouse (pointer events, as a finger makes).
    await carousel.scrollIntoViewIfNeeded();
    const box = await carousel.boundingBox();
    if (!box) throw new Error('the carousel has no box');
    const y = box.y + box.height / 2;
    await fan.mouse.move(box.x + box.width * 0.75, y);
    await fan.mouse.down();
    await fan.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await fan.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
    await fan.mouse.up();
    await expect.poll(() => counter.textContent()).toBe('2 / 3');
    expect(await shownRatio(carousel, creator.username)).toBeCloseTo(1, 1);

    // The next button, then the arrow keys.
    await carousel.getByRole('button', { name: 'Next file' }).click();
    await expect.poll(() => counter.textContent()).toBe('3 / 3');
    expect(await shownRatio(carousel, creator.username)).toBeCloseTo(360 / 640, 1);
    await expectDisabled(carousel.getByRole('button', { name: 'Next file' }), true);
    await carousel.focus();
    await fan.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('2 / 3');
    await fan.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('1 / 3');
  });
});
