import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectShell, navLink, signedInUser, userMenuButton } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { adminPerson, applicationOf, applyViaApi, type Person } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, pngFile } from './lib/images.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

const MESSAGES = {
  submitted:
    "Creator application submitted successfully! We'll review your application and get back to you soon.",
  pending:
    "You already have a pending creator application. We'll review it and get back to you soon!",
  alreadyCreator: 'You are already an approved creator!',
} as const;

/** A bio of the 50+ characters the spec asks for. */
function bioText(tag: string): string {
  return `I paint gradients live and share every step with my fans. ${tag}`;
}

/** The creator application screen (/creator) once its form is there. */
async function openApplicationForm(page: Page) {
  await page.goto('/creator');
  await expectPath(page, '/creator');
  await expectVisible(page.getByRole('heading', { name: 'Become a Creator', level: 1 }));
  await expectVisible(
    page.getByText('Complete your creator profile to start sharing content', { exact: true }),
  );
  const submit = page.getByRole('button', { name: 'Submit Creator Application', exact: true });
  await expectVisible(submit);
  const picker = (legend: string) => page.getByRole('group', { name: new RegExp(`^${legend}`) });
  return {
    submit,
    profileImage: page.getByLabel('Profile Image', { exact: true }),
    profilePreview: page.getByRole('img', { name: 'Profile Image preview' }),
    coverImage: page.getByLabel('Cover Image', { exact: true }),
    coverPreview: page.getByRole('img', { name: 'Cover Image preview' }),
    username: page.getByLabel('Username', { exact: true }),
    bio: page.getByLabel('Bio', { exact: true }),
    link: (name: string) => page.getByLabel(name, { exact: true }),
    mainCategory: picker('Main category'),
    categories: picker('Categories'),
    tags: picker('Tags'),
    vibes: picker('Vibes'),
  };
}

/** Opens a collapsible picker and checks one of its chips. */
async function choose(group: Locator, toggle: string, chip: string) {
  const button = group.getByRole('button', { name: toggle, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await group.getByRole('checkbox', { name: chip, exact: true }).check();
  // Chosen entries show above the list as removable chips.
  await expectVisible(group.getByRole('button', { name: `Remove ${chip}`, exact: true }));
}

/** The in-app replacement of `alert()`: its text, then OK. */
async function acknowledge(page: Page, text: string) {
  const alert = page.getByRole('alertdialog');
  await expectVisible(alert.getByText(text, { exact: true }));
  await alert.getByRole('button', { name: 'OK', exact: true }).click();
  await expectHidden(alert);
}

/** /admin as `admin` in a browser context of its own, on the pending applications tab. */
async function openAdmin(admin: Person): Promise<Page> {
  const page = await visitors.open();
  await storeSession(page, admin.tokens);
  await page.goto('/admin');
  await expectVisible(page.getByRole('heading', { name: 'Admin', level: 1 }));
  await expectVisible(
    page.getByText('Review reports, creator applications and payouts', { exact: true }),
  );
  // Reports come first; applications are one tab along.
  const applications = page.getByRole('tab', { name: 'Applications', exact: true });
  await applications.click();
  expect(await applications.getAttribute('aria-selected')).toBe('true');
  const pending = page.getByRole('tab', { name: 'Pending', exact: true });
  await expectVisible(pending);
  expect(await pending.getAttribute('aria-selected')).toBe('true');
  return page;
}

/** One application card of the review list, named by the username applied with. */
function applicationCard(page: Page, status: string, username: string): Locator {
  return page
    .getByRole('list', { name: `${status} applications`, exact: true })
    .getByRole('article', { name: username, exact: true });
}

describe('creator application', () => {
  it('applies at /creator, is approved by an admin, then has My Content', async () => {
    const { page } = t;
    const applicant = await signedInUser(page);
    const form = await openApplicationForm(page);

    // Spec §5: nothing sent while a rule fails; each message shows.
    await form.submit.click();
    for (const message of [
      'Profile image is required',
      'Cover image is required',
      'Bio is required',
      'At least one social media link is required',
      'Please select at least one category',
      'Please select at least one tag',
      'Please select at least one vibe',
    ]) {
      await expectVisible(page.getByText(message, { exact: true }));
    }
    await form.bio.fill('Too short for a creator bio.');
    await form.submit.click();
    await expectVisible(page.getByText('Bio must be at least 50 characters long', { exact: true }));
    expect((await applicationOf(applicant.tokens.access)).status).toBe('none');

    // The images, previewed before sending.
    await form.profileImage.setInputFiles(pngFile('avatar.png', 400, 400));
    await form.coverImage.setInputFiles(pngFile('cover.png', 1200, 400));
    await expectImageLoaded(form.profilePreview);
    await expectImageLoaded(form.coverPreview);

    // The form starts from the profile: the account's username.
    expect(await form.username.inputValue()).toBe(applicant.username);
    const creatorName = uniqueName('creator');
    await form.username.fill(creatorName);
    const bio = bioText(uniqueName('bio'));
    expect(bio.length).toBeGreaterThanOrEqual(50);
    await form.bio.fill(bio);
    await expectVisible(page.getByText(`${bio.length}/500`, { exact: true }));
    const instagram = `https://instagram.com/${creatorName}`;
    await form.link('Instagram').fill(instagram);
    // The main category the profile shows is asked for too.
    await form.mainCategory.getByRole('radio', { name: 'Gaming', exact: true }).check();
    await choose(form.categories, 'Choose categories', 'Fitness');
    await choose(form.tags, 'Choose tags', 'Exclusive');
    await choose(form.vibes, 'Choose vibes', 'Playful');
    // Editing cleared the messages.
    expect(await page.getByText('Please select at least one vibe', { exact: true }).count()).toBe(
      0,
    );

    await form.submit.click();
    await acknowledge(page, MESSAGES.submitted);
    await expectPath(page, '/');

    const state = await applicationOf(applicant.tokens.access);
    expect(state).toMatchObject({
      status: 'pending',
      is_creator: false,
      application: {
        username: creatorName,
        bio,
        social_links: { instagram },
        category: 'gaming',
        subcategories: ['fitness'],
        tags: ['Exclusive'],
        vibes: ['Playful'],
      },
    });

    // Pending: /creator says so and sends the user home; no My Content yet.
    await page.goto('/creator');
    await acknowledge(page, MESSAGES.pending);
    await expectPath(page, '/');
    await expectShell(page);
    expect(await navLink(page, 'My Content').count()).toBe(0);

    // The admin reviews it: images, names, bio, link and niche.
    const admin = await adminPerson();
    const adminPage = await openAdmin(admin);
    const card = applicationCard(adminPage, 'Pending', creatorName);
    await expectVisible(card);
    await expectImageLoaded(card.getByRole('img', { name: `Profile image of ${creatorName}` }));
    await expectImageLoaded(card.getByRole('img', { name: `Cover image of ${creatorName}` }));
    await expectVisible(
      card.getByText(`Account: ${applicant.username} · ${applicant.email}`, { exact: true }),
    );
    await expectVisible(card.getByText(bio, { exact: true }));
    const link = card.getByRole('link', { name: 'Instagram', exact: true });
    expect(await link.getAttribute('href')).toBe(instagram);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    for (const chip of ['Fitness', 'Exclusive', 'Playful']) {
      await expectVisible(card.getByText(chip, { exact: true }));
    }
    // The admin's user menu offers Admin; the applicant's does not.
    await userMenuButton(adminPage).click();
    await expectVisible(adminPage.getByRole('menuitem', { name: 'Admin', exact: true }));
    await adminPage.keyboard.press('Escape');
    await userMenuButton(page).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Settings', exact: true }));
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectHidden(card);
    await adminPage.getByRole('tab', { name: 'Approved', exact: true }).click();
    const approved = applicationCard(adminPage, 'Approved', creatorName);
    await expectVisible(approved);
    await expectVisible(approved.getByText(/^Reviewed /));
    expect(await approved.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The applicant is a creator now, with the profile applied with.
    const profile = (
      await api<{ is_creator: boolean; username: string; bio: string }>(
        'GET',
        '/auth/profile/',
        undefined,
        applicant.tokens.access,
      )
    ).body;
    expect(profile).toMatchObject({ is_creator: true, username: creatorName, bio });

    // The applicant's tab, back in front, refetches the profile: My Content appears without a
    // reload. (Headless Chromium never hides a tab, so the browser's event is dispatched.)
    await expectPath(page, '/');
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))");
    await expectVisible(navLink(page, 'My Content'));

    // After a reload too; and it opens. (Not expectShell: the approval's notification gives
    // Notifications an unread badge.)
    await page.reload();
    await expectVisible(navLink(page, 'Wallet'));
    const myContent = navLink(page, 'My Content');
    await expectVisible(myContent);
    await myContent.click();
    await expectPath(page, '/my-content');
    await expectVisible(page.getByRole('heading', { name: 'My Content', level: 1 }));
    expect(await myContent.getAttribute('aria-current')).toBe('page');

    // /creator now says they are already an approved creator, and goes home.
    await page.goto('/creator');
    await acknowledge(page, MESSAGES.alreadyCreator);
    await expectPath(page, '/');

    // The own profile shows what was applied with.
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: creatorName, level: 1 }));
    await expectVisible(main.getByText(bio, { exact: true }));
    await expectImageLoaded(main.getByRole('img', { name: `Cover image of ${creatorName}` }));
  });

  it('shows a rejection with its reason and lets the applicant apply again', async () => {
    const { page } = t;
    const applicant = await signedInUser(page);
    const creatorName = uniqueName('creator');
    const firstBio = bioText(uniqueName('first'));
    const website = `https://example.com/${creatorName}`;
    await applyViaApi(applicant.tokens.access, {
      username: creatorName,
      bio: firstBio,
      socialLinks: { website },
      subcategories: ['cosplay'],
      tags: ['Tutorials'],
      vibes: ['Elegant'],
    });

    // The admin rejects it; a reason is required.
    const admin = await adminPerson();
    const adminPage = await openAdmin(admin);
    const card = applicationCard(adminPage, 'Pending', creatorName);
    await expectVisible(card.getByText(firstBio, { exact: true }));
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = adminPage.getByRole('dialog', {
      name: `Reject the application of ${creatorName}`,
    });
    await expectVisible(
      dialog.getByText('The applicant is told this reason and may apply again.', { exact: true }),
    );
    const confirm = dialog.getByRole('button', { name: 'Reject application', exact: true });
    await confirm.click();
    await expectVisible(dialog.getByText('Give a reason for the applicant.', { exact: true }));
    const reason = `Please link a portfolio with your own work. ${uniqueName('why')}`;
    await dialog.getByLabel('Reason', { exact: true }).fill(reason);
    await confirm.click();
    await expectHidden(dialog);
    await expectHidden(card);
    await adminPage.getByRole('tab', { name: 'Rejected', exact: true }).click();
    const rejected = applicationCard(adminPage, 'Rejected', creatorName);
    await expectVisible(rejected.getByText(`Reason: ${reason}`, { exact: true }));

    expect(await applicationOf(applicant.tokens.access)).toMatchObject({
      status: 'rejected',
      is_creator: false,
      application: { rejection_reason: reason },
    });

    // The applicant reads the reason above the form, which holds what was sent last time.
    const form = await openApplicationForm(page);
    const notice = page.getByRole('alert').filter({
      hasText: 'Your previous application was not approved',
    });
    await expectVisible(notice.getByText(`Reason: ${reason}`, { exact: true }));
    await expectVisible(
      notice.getByText('Update your details below and apply again.', { exact: true }),
    );
    expect(await form.username.inputValue()).toBe(creatorName);
    expect(await form.bio.inputValue()).toBe(firstBio);
    expect(await form.link('Website').inputValue()).toBe(website);
    await expectVisible(form.categories.getByRole('button', { name: 'Remove Cosplay' }));
    await expectVisible(form.tags.getByRole('button', { name: 'Remove Tutorials' }));
    await expectVisible(form.vibes.getByRole('button', { name: 'Remove Elegant' }));

    // Applying again, with a new bio and a custom tag.
    const secondBio = bioText(uniqueName('second'));
    await form.bio.fill(secondBio);
    const customTag = uniqueName('tag').slice(0, 20);
    await form.tags.getByLabel('Custom tag', { exact: true }).fill(customTag);
    await form.tags.getByRole('button', { name: 'Add tag', exact: true }).click();
    await expectVisible(form.tags.getByRole('button', { name: `Remove ${customTag}` }));
    if (!(await form.profilePreview.isVisible())) {
      await form.profileImage.setInputFiles(pngFile('avatar-2.png', 300, 300));
    }
    if (!(await form.coverPreview.isVisible())) {
      await form.coverImage.setInputFiles(pngFile('cover-2.png', 1200, 400));
    }
    await form.submit.click();
    await acknowledge(page, MESSAGES.submitted);
    await expectPath(page, '/');

    expect(await applicationOf(applicant.tokens.access)).toMatchObject({
      status: 'pending',
      application: { bio: secondBio, tags: ['Tutorials', customTag] },
    });
    // The admin sees the new application among the pending ones.
    await adminPage.getByRole('tab', { name: 'Pending', exact: true }).click();
    const again = applicationCard(adminPage, 'Pending', creatorName);
    await expectVisible(again.getByText(secondBio, { exact: true }));
    await expectVisible(again.getByText(customTag, { exact: true }));
  });
});
