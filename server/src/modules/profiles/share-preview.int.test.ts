import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { png } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { BUILT_INDEX, buildAppWithWebPage, meta, webPage } from '../../../test/share-cards.ts';

/*
 * Link previews of profiles: the HTML of /profile/:user carries Open Graph and Twitter tags for
 * unfurlers, who run no JavaScript and sign in to nothing. The handle and the avatar always (as
 * a post's card says whose it is), the bio unless the profile is locked; a suspended or unknown
 * user gives no card, and the app's own pages under /profile none.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await buildAppWithWebPage());
});
afterAll(() => close());

const page = (pathname: string) => webPage(t, pathname);
const ogCard = (userId: number) => t.request({ method: 'GET', url: `/og/profiles/${userId}.jpg` });

async function editProfile(user: TestUser, fields: Record<string, string>, avatar?: Buffer) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    ...multipart({
      fields,
      files: avatar
        ? [{ name: 'profile_image', filename: 'me.png', content: avatar, type: 'image/png' }]
        : [],
    }),
    token: user.access,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a profile’s card', () => {
  it('shows a creator’s handle, bio and avatar, by username or by id', async () => {
    const creator = await buildUser(t, { isCreator: true });
    await editProfile(creator, { bio: 'Landscapes & <night> skies, every "Sunday"' }, await png());
    const html = await page(`/profile/${creator.username}`);
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:title')).toBe(`@${creator.username} on Zura`);
    expect(meta(html, 'og:description')).toBe('Landscapes & <night> skies, every "Sunday"');
    expect(meta(html, 'og:url')).toBe(`http://zura.test/profile/${creator.username}`);
    // A stable JPEG card, not a signed media URL that expires within the hour (issue 32).
    expect(meta(html, 'og:image')).toBe(`http://zura.test/og/profiles/${creator.id}.jpg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const card = await ogCard(creator.id);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The bio's markup stays text: nothing of it became a tag.
    expect(html).not.toContain('<night>');

    const byId = await page(`/profile/${creator.id}/`);
    expect(meta(byId, 'og:url')).toBe(`http://zura.test/profile/${creator.username}`);
    expect(meta(byId, 'og:description')).toBe(meta(html, 'og:description'));
  });

  it('invites to subscribe when there is no bio, and falls back to the site’s picture', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const creatorCard = await page(`/profile/${creator.username}`);
    expect(meta(creatorCard, 'og:description')).toBe(`Subscribe to @${creator.username} on Zura`);
    expect(meta(creatorCard, 'og:image')).toBe(`http://zura.test/og/profiles/${creator.id}.jpg`);
    expect((await ogCard(creator.id)).statusCode).toBe(200);
    expect(meta(await page(`/profile/${fan.username}`), 'og:description')).toBe(
      `@${fan.username} on Zura`,
    );
  });

  it('keeps a locked profile’s bio to itself', async () => {
    const creator = await buildUser(t, { isCreator: true });
    await editProfile(creator, {
      bio: 'Only for those with the password',
      is_profile_locked: 'true',
      profile_password: 'a profile password',
    });
    const html = await page(`/profile/${creator.username}`);
    expect(meta(html, 'og:title')).toBe(`@${creator.username} on Zura`);
    expect(meta(html, 'og:description')).toBe(`Subscribe to @${creator.username} on Zura`);
    expect(html).not.toContain('Only for those with the password');
    // The card draws the invitation, not the bio: the same card as before the bio was written.
    const locked = await ogCard(creator.id);
    await editProfile(creator, { bio: '' });
    expect((await ogCard(creator.id)).rawPayload).toEqual(locked.rawPayload);
  });

  // `String.replace` with a string reads these as "the match", "before it" and "after it".
  const escaped = (pattern: string) => pattern.replace('&', '&amp;').replace("'", '&#39;');
  it.each(['$&', '$`', "$'", '$$', '$1'])(
    'carries %s in a bio as the literal text, escaped, and the page keeps one head',
    async (pattern) => {
      const creator = await buildUser(t, { isCreator: true });
      const bio = `Prices from ${pattern}5 <b>"tonight"</b>`;
      await editProfile(creator, { bio });
      const html = await page(`/profile/${creator.username}`);
      expect(meta(html, 'og:description')).toBe(bio);
      expect(meta(html, 'twitter:description')).toBe(bio);
      expect(html).toContain(
        `content="Prices from ${escaped(pattern)}5 &lt;b&gt;&quot;tonight&quot;&lt;/b&gt;"`,
      );
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
    },
  );

  it('is not there for a suspended or unknown user, nor on the app’s own profile pages', async () => {
    const suspended = await buildUser(t, { isCreator: true });
    await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]);
    for (const pathname of [
      `/profile/${suspended.username}`,
      '/profile/nobody_by_that_name',
      '/profile/999999999',
      '/profile',
      '/profile/edit',
    ]) {
      expect(await page(pathname), pathname).toBe(BUILT_INDEX);
    }
    for (const file of [`${suspended.id}.jpg`, '999999999.jpg', 'abc.jpg', `${suspended.id}.png`]) {
      const res = await t.request({ method: 'GET', url: `/og/profiles/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });
});
