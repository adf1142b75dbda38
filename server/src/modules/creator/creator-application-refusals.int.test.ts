import { creatorApplicationMessages as m, messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  applicationFields,
  applicationImages,
  applyAsCreator,
  imageFile,
  submitApplication,
  VALID_BIO,
} from '../../../test/creator.ts';
import { buildUser } from '../../../test/factories.ts';
import { tempFilesLeft, TEXT_BYTES } from '../../../test/media.ts';
import { applicationCount, statusOf, uploadCount } from './creator-application.helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/creator-application/ refusals', () => {
  it('answers every one of the spec messages for an empty form', async () => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {});
    expect(res.statusCode).toBe(400);
    // The spec's wording, exactly.
    expect(res.json()).toMatchObject({
      username: ['Username is required'],
      profile_image: ['Profile image is required'],
      cover_image: ['Cover image is required'],
      bio: ['Bio is required'],
      social_links: ['At least one social media link is required'],
      subcategories: ['Please select at least one category'],
      tags: ['Please select at least one tag'],
      vibes: ['Please select at least one vibe'],
    });
    expect(await applicationCount(t, user)).toBe(0);
  });

  it.each([
    ['a blank username', { username: '   ' }, { username: [m.usernameRequired] }],
    [
      'a two-letter username',
      { username: 'ab' },
      { username: ['Username must be at least 3 characters long'] },
    ],
    // The name becomes the account's username, so sign-up's rule and message apply to it.
    ['a username with a space', { username: 'bad name' }, { username: [messages.usernameInvalid] }],
    ['the all-digit username 039', { username: '039' }, { username: [messages.usernameInvalid] }],
    [
      'the all-digit username 12345',
      { username: '12345' },
      { username: [messages.usernameInvalid] },
    ],
    [
      'a 31-character username',
      { username: 'u'.repeat(31) },
      { username: [messages.usernameInvalid] },
    ],
    ['a blank bio', { bio: '   ' }, { bio: [m.bioRequired] }],
    [
      'a 49-character bio',
      { bio: 'x'.repeat(49) },
      { bio: ['Bio must be at least 50 characters long'] },
    ],
    ['a bio padded to 50 with spaces', { bio: ` ${'x'.repeat(48)} ` }, { bio: [m.bioTooShort] }],
    ['a 501-character bio', { bio: 'x'.repeat(501) }, { bio: [m.bioTooLong] }],
    ['no social links', { social_links: '{}' }, { social_links: [m.socialLinkRequired] }],
    [
      'only blank social links',
      { social_links: JSON.stringify({ instagram: ' ', twitter: '' }) },
      { social_links: [m.socialLinkRequired] },
    ],
    [
      'a link that is not a web address',
      { social_links: JSON.stringify({ instagram: 'javascript:alert(1)' }) },
      { social_links: ['Enter valid URLs starting with http:// or https://.'] },
    ],
    [
      'a link without its scheme',
      {
        social_links: JSON.stringify({ website: 'https://ok.example', twitter: 'x.com/someone' }),
      },
      { social_links: ['Enter valid URLs starting with http:// or https://.'] },
    ],
    [
      'only a link the form does not have',
      { social_links: JSON.stringify({ myspace: 'https://myspace.com/someone' }) },
      { social_links: [m.socialLinkRequired] },
    ],
    ['no category', { subcategories: '[]' }, { subcategories: [m.categoryRequired] }],
    ['only blank tags', { tags: JSON.stringify(['  ', '']) }, { tags: [m.tagRequired] }],
    ['no vibe', { vibes: '[]' }, { vibes: [m.vibeRequired] }],
    [
      'social links that are not JSON',
      { social_links: '{oops' },
      { social_links: ['Send this field as JSON.'] },
    ],
    [
      'social links as a list',
      { social_links: '["https://x.com/a"]' },
      { social_links: ['Send an object of links.'] },
    ],
    // The lists end up on the profile, so the profile editor's rule and messages apply.
    [
      '31 tags',
      { tags: JSON.stringify(Array.from({ length: 31 }, (_, i) => `tag${i}`)) },
      { tags: ['Choose at most 30 tags.'] },
    ],
    [
      '51 tags',
      { tags: JSON.stringify(Array.from({ length: 51 }, (_, i) => `tag${i}`)) },
      { tags: ['Choose at most 30 tags.'] },
    ],
    [
      '21 vibes',
      { vibes: JSON.stringify(Array.from({ length: 21 }, (_, i) => `vibe${i}`)) },
      { vibes: ['Choose at most 20 vibes.'] },
    ],
    [
      'a 41-character tag',
      { tags: JSON.stringify(['t'.repeat(41)]) },
      { tags: ['Each tag must be at most 40 characters long.'] },
    ],
    [
      'a category with markup',
      { subcategories: JSON.stringify(['<b>bold</b>']) },
      { subcategories: ["Each category may use only letters, numbers, spaces and _ & ' + - ."] },
    ],
    ['tags as an object', { tags: '{"a":"b"}' }, { tags: ['Send a list of short texts.'] }],
    ['vibes with a number', { vibes: '["fun", 3]' }, { vibes: ['Send a list of short texts.'] }],
  ])('refuses %s with its field message and stores nothing', async (_, override, expected) => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields(override),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(expected);
    expect(await applicationCount(t, user)).toBe(0);
    expect(await uploadCount(t, user)).toBe(0);
    expect(await tempFilesLeft(t)).toEqual([]);
    expect((await statusOf(t, user)).json().status).toBe('none');
  });

  it.each([
    ['profile_image', 'cover_image'],
    ['cover_image', 'profile_image'],
  ])('requires the %s file when the user has none', async (missing, given) => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields(),
      files: [await imageFile(given)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      [missing]: [missing === 'profile_image' ? m.profileImageRequired : m.coverImageRequired],
    });
    expect(await uploadCount(t, user)).toBe(0);
    expect(await tempFilesLeft(t)).toEqual([]);
  });

  it.each(['profile_image', 'cover_image'])(
    'refuses a %s that is not an image, whatever its name and type say',
    async (field) => {
      const user = await buildUser(t);
      const files = await applicationImages();
      const index = files.findIndex((file) => file.name === field);
      files[index] = { name: field, filename: 'photo.png', content: TEXT_BYTES, type: 'image/png' };
      const res = await submitApplication(t, user, { fields: applicationFields(), files });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        [field]: [`The file's contents are not an image, which ${field} accepts.`],
      });
      expect(await applicationCount(t, user)).toBe(0);
      // Neither image is kept: a refused form leaves no stray file in the user's library.
      expect(await uploadCount(t, user)).toBe(0);
      expect(await tempFilesLeft(t)).toEqual([]);
      expect((await statusOf(t, user)).json().status).toBe('none');
    },
  );

  it('refuses a username another user holds, in any letter case', async () => {
    const other = await buildUser(t);
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields({ username: other.username.toUpperCase() }),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ username: [messages.usernameTaken] });
    expect(await applicationCount(t, user)).toBe(0);
    expect(await uploadCount(t, user)).toBe(0);
  });

  it('refuses a second application while one is pending, keeping the first', async () => {
    const user = await buildUser(t);
    const first = await applyAsCreator(t, user);
    const uploads = await uploadCount(t, user);

    const res = await submitApplication(t, user, {
      fields: applicationFields(),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error:
        "You already have a pending creator application. We'll review it and get back to you soon!",
    });
    expect(await applicationCount(t, user)).toBe(1);
    expect(await uploadCount(t, user)).toBe(uploads);
    expect(await tempFilesLeft(t)).toEqual([]);
    expect((await statusOf(t, user)).json().application.id).toBe(first.id);
  });

  it('refuses a user who already is a creator', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const res = await submitApplication(t, creator, {
      fields: applicationFields(),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You are already an approved creator!' });
    expect(await applicationCount(t, creator)).toBe(0);
    expect(await uploadCount(t, creator)).toBe(0);
    expect(await tempFilesLeft(t)).toEqual([]);
  });

  it('refuses a main category that is not one of the profile categories, keeping nothing', async () => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields({ category: 'not-a-category' }),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ category: ['Choose a category from the list.'] });
    expect(await applicationCount(t, user)).toBe(0);
    expect(await uploadCount(t, user)).toBe(0);
  });

  it('refuses a body that is not multipart', async () => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/creator-application/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'someone', bio: VALID_BIO }),
      token: user.access,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Send the request as multipart/form-data.' });
    expect(await applicationCount(t, user)).toBe(0);
  });
});
