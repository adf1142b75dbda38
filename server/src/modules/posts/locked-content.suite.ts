import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type BuiltPost, type TestUser } from '../../../test/factories.ts';
import { getMedia, mp4, png, signerOf, uploadFile, waitForVariants } from '../../../test/media.ts';
import { videoIdOfPost } from '../../../test/renditions.ts';
import { buildTestAppOn, type StoreKind } from '../../../test/stores.ts';
import { waitForVideo } from '../../../test/video.ts';
import type { MediaVariant } from '../media/index.ts';

/**
 * Locked content never leaks: whatever a viewer who has not unlocked asks, the answers carry no
 * locked text and no URL of locked media, and the media path serves nothing without a valid
 * signature, even for files that exist. Run on local disk (`locked-content.int.test.ts`) and on S3
 * (`locked-content.s3.int.test.ts`), where a presigned bucket URL is only ever the answer to a
 * URL of ours that passed the check.
 */
export function describeLockedContent(store: StoreKind) {
  let t: TestApp;
  let openAuthor: TestUser;
  let lockedAuthor: TestUser;
  let viewer: TestUser;
  let lockedImagePost: BuiltPost;
  let lockedVideoPost: BuiltPost;
  let postOnLockedProfile: BuiltPost;
  let lockedPostOnLockedProfile: BuiltPost;
  /** Every upload of locked content, with the variants that exist for it. */
  let lockedMedia: { id: string; variants: MediaVariant[] }[];

  const SECRETS = [
    'locked image caption',
    'locked video caption',
    'post behind a locked profile',
    'locked post behind a locked profile',
    'bio behind a lock',
  ];
  const HOUR_MS = 60 * 60 * 1000;
  const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

  async function setProfile(user: TestUser, body: Record<string, unknown>) {
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      token: user.access,
    });
    if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
  }

  async function withImages(user: TestUser) {
    const avatar = await uploadFile(t, user, { content: await png(), context: 'profile_image' });
    const cover = await uploadFile(t, user, { content: await png(), context: 'cover_image' });
    await setProfile(user, {
      profile_image_uuid: avatar.json().id,
      cover_image_uuid: cover.json().id,
    });
  }

  beforeAll(async () => {
    t = await buildTestAppOn(store);
    [openAuthor, lockedAuthor, viewer] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    await withImages(openAuthor);
    await withImages(lockedAuthor);

    lockedImagePost = await buildPost(t, openAuthor, {
      content: 'locked image caption',
      password: 'post-password',
      media: { content: await png(300, 200), type: 'image' },
    });
    lockedVideoPost = await buildPost(t, openAuthor, {
      content: 'locked video caption',
      password: 'post-password',
      media: { content: await mp4(7), type: 'video' },
    });
    postOnLockedProfile = await buildPost(t, lockedAuthor, {
      content: 'post behind a locked profile',
      media: { content: await png(300, 200), type: 'image' },
    });
    lockedPostOnLockedProfile = await buildPost(t, lockedAuthor, {
      content: 'locked post behind a locked profile',
      password: 'post-password',
      media: { content: await mp4(8), type: 'video' },
    });
    await setProfile(lockedAuthor, {
      bio: 'bio behind a lock',
      is_profile_locked: true,
      profile_password: 'profile-password',
    });

    // Wait for the variants and transcodes, so a refusal below is never just a file that is not
    // there yet (and a locked video post shows at all: until it plays, it is its author's alone).
    const videoVariants: MediaVariant[] = ['original', 'mp4', 'poster', 'thumb'];
    lockedMedia = [
      { id: uploadIdOf(lockedImagePost.image)!, variants: ['original', 'feed', 'thumb'] },
      { id: await videoIdOfPost(t, lockedVideoPost.id), variants: videoVariants },
      { id: uploadIdOf(postOnLockedProfile.image)!, variants: ['original', 'feed', 'thumb'] },
      { id: await videoIdOfPost(t, lockedPostOnLockedProfile.id), variants: videoVariants },
    ];
    for (const { id, variants } of lockedMedia) {
      if (variants.includes('mp4')) {
        expect(await waitForVideo(t, id)).toMatchObject({ videoState: 'ready' });
      }
      const derived = variants.filter((v) => v !== 'original' && v !== 'mp4') as (
        'feed' | 'thumb' | 'poster'
      )[];
      if (derived.length > 0) await waitForVariants(t, id, derived);
    }
  });
  afterAll(() => t.close());

  function as(user: TestUser, method: 'GET' | 'POST', url: string, body?: unknown) {
    return t.request({
      method,
      url,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      token: user.access,
    });
  }

  /** Everything the viewer can ask about these two authors and their posts. */
  async function everythingTheViewerSees(): Promise<LightMyRequestResponse[]> {
    const answers: LightMyRequestResponse[] = [];
    let url: string | undefined = '/api/posts/?limit=1';
    while (url) {
      const res = await as(viewer, 'GET', url);
      answers.push(res);
      url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
    }
    for (const author of [openAuthor, lockedAuthor]) {
      for (const key of [author.id, author.username]) {
        answers.push(await as(viewer, 'GET', `/api/posts/user/${key}/`));
        answers.push(await as(viewer, 'GET', `/api/auth/users/${key}/`));
      }
    }
    answers.push(
      await as(viewer, 'POST', `/api/auth/users/${lockedAuthor.username}/unlock/`, {
        password: 'guess',
      }),
    );
    for (const post of [
      lockedImagePost,
      lockedVideoPost,
      postOnLockedProfile,
      lockedPostOnLockedProfile,
    ]) {
      answers.push(
        await as(viewer, 'POST', `/api/posts/${post.id}/unlock/`, { password: 'guess' }),
      );
      answers.push(await as(viewer, 'POST', `/api/posts/${post.id}/unlock/`, {}));
    }
    for (const { id } of lockedMedia) answers.push(await as(viewer, 'GET', `/api/uploads/${id}/`));
    return answers;
  }

  /** A 404 that carries no byte of any file. */
  function expectRefused(res: LightMyRequestResponse, what: string) {
    expect(res.statusCode, what).toBe(404);
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    expect(res.json(), what).toMatchObject({ detail: 'Media not found or link expired.' });
    // Refused before the store was asked for a URL of its own: no redirect to the bucket.
    expect(res.headers.location, what).toBeUndefined();
  }

  describe('locked content', () => {
    it(`keeps its media on the ${store} store`, () => {
      expect(t.storage.kind).toBe(store === 'local' ? 'local' : 's3');
    });

    it('appears in no answer to a viewer who has not unlocked it', async () => {
      const answers = await everythingTheViewerSees();
      for (const res of answers) expect(res.statusCode).toBeLessThan(500);
      const text = answers.map((res) => res.body).join('\n');
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      for (const { id } of lockedMedia) expect(text).not.toContain(id);
      for (const author of [openAuthor, lockedAuthor]) expect(text).not.toContain(author.email);

      // What the viewer does get: the open author's locked posts as bare, neutral entries…
      const feedIds = answers
        .filter((res) => res.statusCode === 200 && Array.isArray(res.json()))
        .flatMap((res) => res.json().map((p: { id: number }) => p.id));
      expect(feedIds).toContain(lockedImagePost.id);
      expect(feedIds).toContain(lockedVideoPost.id);
      // …and nothing at all of the locked profile's posts.
      expect(feedIds).not.toContain(postOnLockedProfile.id);
      expect(feedIds).not.toContain(lockedPostOnLockedProfile.id);
    });

    it('is refused on the media path without a signature, whatever the variant', async () => {
      for (const { id, variants } of lockedMedia) {
        for (const variant of variants) {
          expectRefused(
            await t.request({ method: 'GET', url: `/media/${id}/${variant}` }),
            `${id}/${variant}`,
          );
        }
      }
    });

    it('is refused with a tampered, transplanted or expired signature', async () => {
      const signer = signerOf(t);
      // A URL the viewer legitimately holds: the open author's avatar.
      const profile = await as(viewer, 'GET', `/api/auth/users/${openAuthor.id}/`);
      const held = new URL(profile.json().profile_image, 'http://x').searchParams;
      for (const { id, variants } of lockedMedia) {
        for (const variant of variants) {
          const valid = new URL(signer.url(id, variant), 'http://x').searchParams;
          const sig = valid.get('sig')!;
          const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
          const attempts = {
            tampered: `/media/${id}/${variant}?exp=${valid.get('exp')}&sig=${tampered}`,
            transplanted: `/media/${id}/${variant}?exp=${held.get('exp')}&sig=${held.get('sig')}`,
            expired: signer.url(id, variant, Date.now() - 2 * HOUR_MS),
            'too long-lived': signer.url(id, variant, Date.now() + 2 * HOUR_MS),
          };
          for (const [kind, url] of Object.entries(attempts)) {
            expectRefused(await t.request({ method: 'GET', url }), `${kind} ${id}/${variant}`);
          }
          // The bytes are there: a URL signed now with the app's key (which no viewer has) serves them.
          const served = await getMedia(t, signer.url(id, variant));
          expect(served.statusCode, `${id}/${variant}`).toBe(200);
        }
      }
    });

    it("keeps every file of a locked video's HLS tree behind a valid signature", async () => {
      const signer = signerOf(t);
      for (const { id, variants } of lockedMedia) {
        if (!variants.includes('mp4')) continue;
        const valid = new URL(signer.hlsUrl(id), 'http://x').searchParams;
        const sig = valid.get('sig')!;
        const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
        const master = await t.request({ method: 'GET', url: signer.hlsUrl(id) });
        expect(master.statusCode).toBe(200);
        const rung = master.body.split('\n').find((line) => line.endsWith(`?${valid}`))!;
        const rungUrl = `/media/${id}/hls/${rung}`;
        const playlist = await t.request({ method: 'GET', url: rungUrl });
        expect(playlist.statusCode).toBe(200);
        const segment = playlist.body.split('\n').find((line) => line.endsWith(`?${valid}`))!;
        const segmentUrl = `${rungUrl.slice(0, rungUrl.lastIndexOf('/') + 1)}${segment}`;
        // Segments come from the store: through us, or by a redirect to the bucket.
        expect((await getMedia(t, segmentUrl)).statusCode).toBe(200);
        for (const url of [`/media/${id}/hls/master.m3u8`, rungUrl, segmentUrl]) {
          const path = url.split('?')[0]!;
          for (const query of [
            '',
            `?exp=${valid.get('exp')}&sig=${tampered}`,
            new URL(signer.hlsUrl(id, Date.now() - 2 * HOUR_MS), 'http://x').search,
          ]) {
            expectRefused(await t.request({ method: 'GET', url: `${path}${query}` }), path + query);
          }
        }
      }
    });

    it('opens to the one viewer who unlocks it, and to no one else', async () => {
      const res = await as(viewer, 'POST', `/api/posts/${lockedImagePost.id}/unlock/`, {
        password: 'post-password',
      });
      expect(res.statusCode).toBe(200);
      const image = res.json().post.image;
      expect(uploadIdOf(image)).toBe(lockedMedia[0]!.id);
      expect((await getMedia(t, image)).statusCode).toBe(200);

      const stranger = await buildUser(t);
      const feed = await as(stranger, 'GET', '/api/posts/?limit=50');
      expect(feed.body).not.toContain(lockedMedia[0]!.id);
      expect(feed.body).not.toContain('locked image caption');
    });
  });
}
