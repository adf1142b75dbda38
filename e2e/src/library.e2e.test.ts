import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectShell, navLink } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import type { Person } from './lib/economy.ts';
import { expectDisabled, expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngImage, SIGNED_MEDIA_URL } from './lib/images.ts';
import {
  creatorPerson,
  holdUploads,
  libraryOf,
  pickFiles,
  shortDate,
  sizeLabel,
  uploadToLibraryViaApi,
  useTempDirs,
} from './lib/library.ts';
import { api, uniqueName } from './lib/server.ts';

const t = useBrowser();
const temp = useTempDirs();

const TEXTS = {
  empty: 'No media uploaded yet.',
  invalid: (names: string) =>
    `Invalid file type skipped: ${names}. Only images, videos, and audio files are allowed.`,
  duplicate: (names: string) => `Duplicate file skipped: ${names}`,
  deleteConfirm: 'Are you sure you want to delete this media? This action cannot be undone.',
  columns: ['Preview', 'File Name', 'Type', 'Upload Date', 'Size', 'Usage Status', 'Actions'],
} as const;

/** A creator signed in on the page, on /my-content reached through the sidebar. */
async function openMyContent(page: Page, creator: Person): Promise<void> {
  await storeSession(page, creator.tokens);
  await page.goto('/');
  await expectShell(page);
  const entry = navLink(page, 'My Content');
  await expectVisible(entry);
  await entry.click();
  await expectPath(page, '/my-content');
  await expectVisible(page.getByRole('heading', { name: 'My Content', level: 1 }));
}

/** The upload area ("Upload media") and its parts. */
function uploadArea(page: Page) {
  const region = page.getByRole('region', { name: 'Upload media' });
  return {
    region,
    chooseFiles: region.getByRole('button', { name: 'Choose Files', exact: true }),
    chooseFolder: region.getByRole('button', { name: 'Choose Folder', exact: true }),
    submit: region.getByRole('button', { name: 'Upload Files', exact: true }),
    busy: region.getByRole('button', { name: 'Uploading...', exact: true }),
    selectedHeading: (count: number) =>
      region.getByRole('heading', {
        name: count === 1 ? '1 file selected' : `${count} files selected`,
        exact: true,
      }),
    selectedName: (name: string) => region.getByRole('listitem').filter({ hasText: name }),
    progress: (name: string) =>
      region.getByRole('progressbar', { name: `Uploading ${name}`, exact: true }),
  };
}

/** The library's grid (the default view) and one card of it, named by the file name. */
function grid(page: Page) {
  return page.getByRole('list', { name: 'Media', exact: true });
}
function card(page: Page, name: string): Locator {
  return grid(page).getByRole('article', { name, exact: true });
}

/** The file names of the grid's cards, in the order shown. */
async function cardNames(page: Page): Promise<string[]> {
  const cards = await grid(page).getByRole('article').all();
  return Promise.all(cards.map(async (item) => (await item.getAttribute('aria-label')) ?? ''));
}

/** Waits until the preview of `name` shows the server's thumbnail (`/media/<id>/thumb`). */
async function expectThumbnail(scope: Page | Locator, name: string): Promise<void> {
  const img = scope.getByRole('img', { name: `Preview of ${name}`, exact: true });
  await expectImageLoaded(img);
  // Variants are made in the background; until then the original stands in, then the list
  // asks again and switches to the thumbnail.
  await expect
    .poll(async () => (await img.getAttribute('src')) ?? '', {
      timeout: 20_000,
      message: `the preview of ${name} should be the signed thumbnail`,
    })
    .toMatch(/^\/media\/[\w-]+\/thumb\?/);
  const src = (await img.getAttribute('src')) ?? '';
  expect(src).toMatch(SIGNED_MEDIA_URL);
  await expectImageLoaded(img);
}

describe('My Content upload', () => {
  it('skips an invalid and a duplicate file with their messages, then uploads with progress bars', async () => {
    const { page } = t;
    const creator = await creatorPerson();
    const folder = await temp.folder('holiday', {
      'sunrise.png': pngImage(320, 240, 10),
      'sunset.png': pngImage(240, 320, 200),
      'notes.txt': 'A packing list, not a picture.\n',
    });
    await openMyContent(page, creator);
    await expectVisible(page.getByText(TEXTS.empty, { exact: true }));
    const area = uploadArea(page);

    // Choose Folder: both pictures are selected, the text file is skipped with the message.
    await pickFiles(page, 'Choose Folder', folder);
    const invalid = area.region.getByRole('alert').filter({ hasText: TEXTS.invalid('notes.txt') });
    await expectVisible(invalid);
    expect(await invalid.textContent()).toBe(TEXTS.invalid('notes.txt'));
    await expectVisible(area.selectedHeading(2));
    await expectVisible(area.selectedName('sunrise.png'));
    await expectVisible(area.selectedName('sunset.png'));
    expect(await area.selectedName('notes.txt').count()).toBe(0);

    // Choose Files with one of them again: same name, size and type, so it is skipped.
    await pickFiles(page, 'Choose Files', `${folder}/sunrise.png`);
    const duplicate = area.region
      .getByRole('status')
      .filter({ hasText: TEXTS.duplicate('sunrise.png') });
    await expectVisible(duplicate);
    expect(await duplicate.textContent()).toBe(TEXTS.duplicate('sunrise.png'));
    await expectVisible(area.selectedHeading(2));
    expect(await area.region.getByRole('listitem').count()).toBe(2);

    // Both messages go away by themselves (spec: after 5 s and 3 s).
    await expectHidden(invalid, 20_000);
    await expectHidden(duplicate, 20_000);
    await expectVisible(area.selectedHeading(2));

    // The upload: a progress bar per file while the requests are on their way; adding files is
    // not possible meanwhile.
    const uploads = await holdUploads(page);
    await area.submit.click();
    await expectVisible(area.progress('sunrise.png'));
    await expectVisible(area.progress('sunset.png'));
    await expect.poll(() => uploads.held(), { message: 'uploads on their way' }).toBe(2);
    for (const name of ['sunrise.png', 'sunset.png']) {
      const value = Number(await area.progress(name).getAttribute('aria-valuenow'));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    await expectVisible(area.busy);
    await expectDisabled(area.busy, true);
    await expectDisabled(area.chooseFiles, true);
    await expectDisabled(area.chooseFolder, true);
    // Not removable while uploading.
    expect(await area.region.getByRole('button', { name: 'Remove sunrise.png' }).count()).toBe(0);
    uploads.release();

    // Done: the selection clears, a status says so, the list reloads with both.
    await expectVisible(area.region.getByRole('status').filter({ hasText: '2 files uploaded.' }));
    await expectHidden(area.selectedHeading(2));
    await expectHidden(area.progress('sunrise.png'));
    await expectDisabled(area.chooseFiles, false);
    await expectVisible(card(page, 'sunrise.png'));
    await expectVisible(card(page, 'sunset.png'));
    await expectHidden(page.getByText(TEXTS.empty, { exact: true }));
    expect((await cardNames(page)).sort()).toEqual(['sunrise.png', 'sunset.png']);
    await expectThumbnail(card(page, 'sunrise.png'), 'sunrise.png');
    await expectThumbnail(card(page, 'sunset.png'), 'sunset.png');
    for (const name of ['sunrise.png', 'sunset.png']) {
      await expectVisible(card(page, name).getByText('Not used yet', { exact: true }));
      await expectVisible(card(page, name).getByText('Library', { exact: true }));
    }

    // The server holds exactly these two, from the library, not the text file.
    const items = await libraryOf(creator.tokens.access);
    expect(items.map((item) => item.file_name).sort()).toEqual(['sunrise.png', 'sunset.png']);
    for (const item of items) {
      expect(item).toMatchObject({ mediaType: 'image', sources: ['user_media'], usage_count: 1 });
    }
    // The grid shows them in the server's order (newest first).
    expect(await cardNames(page)).toEqual(items.map((item) => item.file_name));
  });
});

describe('My Content viewer, list and delete', () => {
  /** A creator with two PNGs in the library (uploaded through the API), on /my-content. */
  async function creatorWithTwoItems(page: Page) {
    const creator = await creatorPerson();
    const first = `first_${uniqueName('m')}.png`;
    const second = `second_${uniqueName('m')}.png`;
    await uploadToLibraryViaApi(creator.tokens.access, {
      name: first,
      mimeType: 'image/png',
      buffer: pngImage(400, 300, 30),
    });
    await uploadToLibraryViaApi(creator.tokens.access, {
      name: second,
      mimeType: 'image/png',
      buffer: pngImage(300, 400, 90),
    });
    await openMyContent(page, creator);
    await expectVisible(card(page, first));
    await expectVisible(card(page, second));
    return { creator, names: await cardNames(page) };
  }

  it('opens the viewer, moves with the arrow keys wrapping at both ends, and closes with Escape', async () => {
    const { page } = t;
    const { creator, names } = await creatorWithTwoItems(page);
    expect(names).toHaveLength(2);
    const [one = '', two = ''] = names;
    const items = await libraryOf(creator.tokens.access);
    expect(names).toEqual(items.map((item) => item.file_name));

    await card(page, one)
      .getByRole('button', { name: `View ${one}`, exact: true })
      .click();
    const viewer = page.getByRole('dialog');
    const expectShowing = async (name: string, position: string) => {
      await expectVisible(viewer.getByRole('heading', { name, exact: true }));
      await expectVisible(viewer.getByText(new RegExp(`^${position} · `)));
      const image = viewer.getByRole('img', { name, exact: true });
      await expectImageLoaded(image);
      // The full picture (the signed original), not the thumbnail.
      const src = (await image.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/media\/[\w-]+\/original\?/);
      expect(src).toMatch(SIGNED_MEDIA_URL);
      return naturalSize(image);
    };

    const firstSize = await expectShowing(one, '1 of 2');
    expect(await page.getByRole('dialog', { name: one }).count()).toBe(1);
    await expectVisible(viewer.getByRole('button', { name: 'Previous', exact: true }));
    await expectVisible(viewer.getByRole('button', { name: 'Next', exact: true }));

    await page.keyboard.press('ArrowRight');
    const secondSize = await expectShowing(two, '2 of 2');
    // Another picture indeed (one is landscape, the other portrait).
    expect(secondSize.width > secondSize.height).not.toBe(firstSize.width > firstSize.height);

    await page.keyboard.press('ArrowRight');
    await expectShowing(one, '1 of 2');

    await page.keyboard.press('ArrowLeft');
    await expectShowing(two, '2 of 2');

    await page.keyboard.press('Escape');
    await expectHidden(viewer);
    await expectVisible(card(page, one));
  });

  it('lists the media in a table and deletes an item after the confirmation', async () => {
    const { page } = t;
    const { creator, names } = await creatorWithTwoItems(page);
    const [kept = '', gone = ''] = names;
    const before = await libraryOf(creator.tokens.access);

    const listButton = page.getByRole('button', { name: 'List', exact: true });
    await listButton.click();
    expect(await listButton.getAttribute('aria-pressed')).toBe('true');
    const table = page.getByRole('table', { name: 'Media', exact: true });
    await expectVisible(table);
    await expectHidden(grid(page));
    // Spec §2: the columns. (Text content: the headers are styled in capitals.)
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual([...TEXTS.columns]);

    const row = (name: string) =>
      table.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    for (const item of before) {
      const cells = row(item.file_name).getByRole('cell');
      await expectVisible(cells.first());
      expect(await cells.count()).toBe(7);
      await expectImageLoaded(
        cells.nth(0).getByRole('img', { name: `Preview of ${item.file_name}` }),
      );
      expect(await cells.nth(1).textContent()).toBe(item.file_name);
      expect(await cells.nth(2).textContent()).toBe('Image');
      expect(await cells.nth(3).textContent()).toBe(shortDate(item.created_at));
      expect(await cells.nth(4).textContent()).toBe(sizeLabel(item.size));
      await expectVisible(cells.nth(5).getByText('Not used yet', { exact: true }));
      await expectVisible(cells.nth(5).getByText('Library', { exact: true }));
      await expectVisible(
        cells.nth(6).getByRole('button', { name: `View ${item.file_name}`, exact: true }),
      );
      await expectVisible(
        cells.nth(6).getByRole('button', { name: `Delete ${item.file_name}`, exact: true }),
      );
    }

    // Delete asks first; Cancel keeps the item.
    await row(gone)
      .getByRole('button', { name: `Delete ${gone}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete media' });
    await expectVisible(dialog.getByText(TEXTS.deleteConfirm, { exact: true }));
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(row(gone));
    expect(await libraryOf(creator.tokens.access)).toHaveLength(2);

    await row(gone)
      .getByRole('button', { name: `Delete ${gone}`, exact: true })
      .click();
    await expectVisible(dialog.getByText(TEXTS.deleteConfirm, { exact: true }));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHidden(dialog);
    await expectHidden(row(gone));
    await expectVisible(row(kept));

    // Gone on the server: the library lists only the other, and the file itself is deleted.
    const after = await libraryOf(creator.tokens.access);
    expect(after.map((item) => item.file_name)).toEqual([kept]);
    const deleted = before.find((item) => item.file_name === gone);
    for (const fileId of deleted?.refs.file_ids ?? []) {
      const res = await api('GET', `/uploads/${fileId}/`, undefined, creator.tokens.access);
      expect(res.status, `GET /uploads/${fileId}/ after the delete`).toBe(404);
    }

    // And after a reload (the grid again: the view is not remembered).
    await page.reload();
    await expectVisible(card(page, kept));
    expect(await card(page, gone).count()).toBe(0);
    expect(await cardNames(page)).toEqual([kept]);
  });
});

describe('My Content deduplication', () => {
  it('shows a post image and the same bytes uploaded to the library as one item with its usage', async () => {
    const { page } = t;
    const creator = await creatorPerson();
    const bytes = pngImage(360, 360, 150);
    const post = await createPostViaApi(creator.tokens.access, {
      content: `A new print ${uniqueName('print')}`,
      image: { name: 'print.png', mimeType: 'image/png', buffer: bytes },
    });
    await openMyContent(page, creator);

    // The post's image is in the library already, used once, from Posts.
    const fromPost = card(page, 'print.png');
    await expectVisible(fromPost.getByText('Used once', { exact: true }));
    await expectVisible(fromPost.getByText('Posts', { exact: true }));
    await expectThumbnail(fromPost, 'print.png');
    expect(await cardNames(page)).toEqual(['print.png']);

    // The same bytes under another name through Choose Files.
    const area = uploadArea(page);
    await pickFiles(page, 'Choose Files', [
      { name: 'print-copy.png', mimeType: 'image/png', buffer: bytes },
    ]);
    await expectVisible(area.selectedHeading(1));
    await area.submit.click();
    await expectVisible(area.region.getByRole('status').filter({ hasText: '1 file uploaded.' }));

    // One item, from both sources; the library copy is no use of its own.
    const items = await libraryOf(creator.tokens.access);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      mediaType: 'image',
      sources: ['post', 'user_media'],
      usage_count: 2,
      size: bytes.length,
      refs: { post_ids: [post.id], attachment_ids: [] },
    });
    expect(item?.refs.file_ids).toHaveLength(1);
    const name = item?.file_name ?? '';
    const merged = card(page, name);
    await expectVisible(merged.getByText('Posts · Library', { exact: true }));
    await expectVisible(merged.getByText('Used once', { exact: true }));
    expect(await cardNames(page)).toEqual([name]);

    // The same in the table, and after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const rows = page.getByRole('table', { name: 'Media', exact: true }).getByRole('row');
    await expectVisible(rows.filter({ hasText: name }));
    // The header row and one item.
    expect(await rows.count()).toBe(2);
    const usage = rows.filter({ hasText: name }).getByRole('cell').nth(5);
    await expectVisible(usage.getByText('Used once', { exact: true }));
    await expectVisible(usage.getByText('Posts · Library', { exact: true }));
  });
});
