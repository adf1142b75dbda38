import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { createPostViaApi, ownProfileViaApi, postsOfUser } from './lib/content.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile, SIGNED_MEDIA_URL } from './lib/images.ts';
import { api, strongPassword, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** The profile edit screen (spec 2.9), once its form has loaded. */
async function openEditScreen(page: Page) {
  await page.goto('/profile/edit');
  await expectPath(page, '/profile/edit');
  const save = page.getByRole('button', { name: 'Save Changes', exact: true });
  await expectVisible(save);
  const tags = page.getByRole('group', { name: /^Tags/ });
  return {
    save,
    profilePhoto: page.getByLabel('Profile photo', { exact: true }),
    profilePreview: page.getByRole('img', { name: 'Profile photo preview' }),
    coverPhoto: page.getByLabel('Cover photo', { exact: true }),
    coverPreview: page.getByRole('img', { name: 'Cover photo preview' }),
    bio: page.getByLabel('Bio', { exact: true }),
    tags,
    tag: (name: string) => tags.getByRole('checkbox', { name, exact: true }),
    customTag: tags.getByLabel('Custom tag', { exact: true }),
    addTag: tags.getByRole('button', { name: 'Add tag' }),
    price: (name: string) => page.getByRole('radio', { name, exact: true }),
    lock: page.getByRole('switch', { name: 'Lock profile' }),
    lockPassword: page.getByLabel('Profile password', { exact: true }),
  };
}

/** The posts of a profile page (tab Posts). */
function profilePosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

describe('profile edit', () => {
  it('saves new photos, bio, tags and price, and /profile shows them', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const edit = await openEditScreen(page);
    await expectVisible(page.getByText('Recommended 1200x400', { exact: true }));
    await expectVisible(page.getByText('Square, at least 200x200', { exact: true }));
    await expectVisible(page.getByRole('heading', { name: 'Define Your Niche' }));
    await expectVisible(page.getByRole('heading', { name: "What's Your Vibe?" }));
    await expectVisible(page.getByRole('heading', { name: 'Subscriptions' }));

    // Picked images are previewed before saving.
    await edit.profilePhoto.setInputFiles(pngFile('avatar.png', 400, 400));
    await edit.coverPhoto.setInputFiles(pngFile('cover.png', 1200, 400));
    await expectImageLoaded(edit.profilePreview);
    await expectImageLoaded(edit.coverPreview);
    expect(await edit.profilePreview.getAttribute('src')).toMatch(/^blob:/);
    expect(await edit.coverPreview.getAttribute('src')).toMatch(/^blob:/);

    const bio = `Painter of gradients. ${uniqueName('bio')}`;
    await edit.bio.fill(bio);
    await edit.tag('Exclusive').check();
    const customTag = uniqueName('tag').slice(0, 20);
    await edit.customTag.fill(customTag);
    await edit.addTag.click();
    await expectVisible(edit.tag(customTag));
    expect(await edit.tag(customTag).isChecked()).toBe(true);
    await edit.price('$9.99 / month').check();

    await edit.save.click();
    await expectPath(page, '/profile');

    // The profile page shows what was saved.
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: user.username, level: 1 }));
    await expectVisible(main.getByText(bio, { exact: true }));
    const tagList = main.getByRole('list', { name: 'Tags', exact: true });
    await expectVisible(tagList.getByText('#Exclusive', { exact: true }));
    await expectVisible(tagList.getByText(`#${customTag}`, { exact: true }));
    await expectVisible(main.getByRole('link', { name: 'Edit Profile' }));

    // Both new images are served from signed /media/ URLs and actually load.
    const avatar = main.getByRole('img', { name: user.username, exact: true });
    const cover = main.getByRole('img', { name: `Cover image of ${user.username}` });
    for (const image of [avatar, cover]) {
      await expectImageLoaded(image);
      expect(await image.getAttribute('src')).toMatch(SIGNED_MEDIA_URL);
    }
    // They are the pictures uploaded: a square avatar, a 3:1 cover.
    const avatarSize = await naturalSize(avatar);
    expect(avatarSize.width / avatarSize.height).toBeCloseTo(1, 1);
    const coverSize = await naturalSize(cover);
    expect(coverSize.width / coverSize.height).toBeCloseTo(3, 1);

    // The server has it all, the price included.
    const saved = await ownProfileViaApi(user.tokens.access);
    expect(saved).toMatchObject({ bio, subscription_price: '9.99' });
    expect(saved.tags).toEqual(expect.arrayContaining(['Exclusive', customTag]));
    expect(saved.profile_image).toEqual(expect.any(String));
    expect(saved.cover_image).toEqual(expect.any(String));

    // Reopened, the form starts from the saved values.
    const again = await openEditScreen(page);
    await expect.poll(() => again.bio.inputValue()).toBe(bio);
    expect(await again.tag('Exclusive').isChecked()).toBe(true);
    expect(await again.price('$9.99 / month').isChecked()).toBe(true);
    await expectImageLoaded(again.profilePreview);
    await expectImageLoaded(again.coverPreview);
  });
});

describe('locked profile', () => {
  it('locks the profile in the edit screen; another user unlocks it with the password', async () => {
    const { page } = t;
    const owner = await signedInUser(page);
    const bio = `Locked away ${uniqueName('bio')}`;
    expect((await api('PUT', '/auth/profile/', { bio }, owner.tokens.access)).status).toBe(200);
    const content = `Behind the profile lock ${uniqueName('post')}`;
    await createPostViaApi(owner.tokens.access, { content });
    const profilePassword = strongPassword();

    const edit = await openEditScreen(page);
    await edit.lock.click();
    expect(await edit.lock.getAttribute('aria-checked')).toBe('true');
    await expectVisible(edit.lockPassword);
    // Turning the lock on needs a password.
    await edit.save.click();
    await expectVisible(page.getByText('Set a password to lock your profile.', { exact: true }));
    await expectPath(page, '/profile/edit');

    await edit.lockPassword.fill(profilePassword);
    await edit.save.click();
    await expectPath(page, '/profile');
    // The owner still sees everything.
    await expectVisible(profilePosts(page).getByText(content, { exact: true }));
    await expectVisible(page.getByText(bio, { exact: true }));
    expect((await ownProfileViaApi(owner.tokens.access)).is_profile_locked).toBe(true);
    // ...and is told that visitors do not, with the way to change it.
    const notice = page.getByRole('status').filter({ hasText: 'Your profile is locked' });
    await expectVisible(
      notice.getByText(
        'Your profile is locked: visitors need the password you set to see your posts.',
        { exact: true },
      ),
    );
    expect(
      await notice.getByRole('link', { name: 'Change in Edit Profile' }).getAttribute('href'),
    ).toBe('/profile/edit');

    // Another user sees the locked panel instead of the content.
    const other = await visitors.open();
    await signedInUser(other);
    await other.goto(`/profile/${owner.username}`);
    const main = other.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: owner.username, level: 1 }));
    await expectVisible(main.getByRole('heading', { name: 'This content is locked' }));
    await expectVisible(
      main.getByText(
        'This profile is password-protected. Enter the correct password to unlock and view content.',
        { exact: true },
      ),
    );
    expect(await main.getByText(content).count()).toBe(0);
    expect(await main.getByText(bio).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Message' }).count()).toBe(0);

    const enter = main.getByRole('button', { name: 'Enter Password', exact: true });
    const dialog = other.getByRole('dialog', { name: 'Password Required' });
    const password = dialog.getByLabel('Password', { exact: true });
    const unlock = dialog.getByRole('button', { name: 'Unlock', exact: true });

    // Cancel closes the dialog.
    await enter.click();
    await expectVisible(dialog);
    await expectVisible(unlock);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);

    await enter.click();
    await expectVisible(dialog);
    await unlock.click();
    await expectVisible(dialog.getByText('Please enter a password', { exact: true }));

    await password.fill(`${profilePassword}-wrong`);
    await unlock.click();
    await expectVisible(dialog.getByText('Incorrect password. Please try again.', { exact: true }));
    await expectVisible(dialog);

    await password.fill(profilePassword);
    await unlock.click();
    await expectHidden(dialog);
    await expectVisible(profilePosts(other).getByText(content, { exact: true }));
    await expectVisible(main.getByText(bio, { exact: true }));
    await expectVisible(main.getByRole('button', { name: 'Message' }));
    await expectHidden(main.getByRole('heading', { name: 'This content is locked' }));

    // The unlock is kept by the server.
    await other.reload();
    await expectVisible(profilePosts(other).getByText(content, { exact: true }));
    await expectHidden(main.getByRole('heading', { name: 'This content is locked' }));
  });
});

describe('deleting a post', () => {
  it('asks first, then removes the post from the own profile for good', async () => {
    const { page } = t;
    const owner = await signedInUser(page);
    const kept = `This one stays ${uniqueName('kept')}`;
    const doomed = `This one goes ${uniqueName('doomed')}`;
    await createPostViaApi(owner.tokens.access, { content: kept });
    const removed = await createPostViaApi(owner.tokens.access, { content: doomed });

    // Only the owner gets a delete button.
    const other = await visitors.open();
    await signedInUser(other);
    await other.goto(`/profile/${owner.username}`);
    await expectVisible(profilePosts(other).getByText(doomed, { exact: true }));
    expect(await other.getByRole('button', { name: 'Delete post' }).count()).toBe(0);

    await page.goto('/profile');
    const posts = profilePosts(page);
    const doomedPost = posts.filter({ hasText: doomed });
    await expectVisible(doomedPost);
    await expectVisible(posts.filter({ hasText: kept }));
    // Spec 2.8: profile posts are dated 'short month, day, year'.
    expect(await doomedPost.locator('time').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const deleteButton = doomedPost.getByRole('button', { name: 'Delete post' });
    const dialog = page.getByRole('dialog', { name: 'Delete post' });

    // Cancel keeps the post.
    await deleteButton.click();
    await expectVisible(dialog.getByText('Are you sure you want to delete this post?'));
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(doomedPost);

    await deleteButton.click();
    await expectVisible(dialog.getByText('Are you sure you want to delete this post?'));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHidden(dialog);
    await expectHidden(posts.filter({ hasText: doomed }));
    await expectVisible(posts.filter({ hasText: kept }));

    // Gone for good: after a reload, on the server, and in the home feed.
    await page.reload();
    await expectVisible(posts.filter({ hasText: kept }));
    expect(await posts.filter({ hasText: doomed }).count()).toBe(0);
    const left = await postsOfUser(owner.tokens.access, owner.id);
    expect(left.map((post) => post.id)).not.toContain(removed.id);
    expect(left.map((post) => post.content)).toEqual([kept]);
    await page.goto('/');
    await expectVisible(page.getByText(kept, { exact: true }));
    expect(await page.getByText(doomed).count()).toBe(0);
  });
});
