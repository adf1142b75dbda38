import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { getMedia, png, signerOf, uploadFile, uploadRow } from '../../../test/media.ts';
import { buildTestAppOn, type StoreKind } from '../../../test/stores.ts';
import { DIRECT_URL_LIFETIME_SECONDS } from './delivery.ts';
import { createMediaSigner, MEDIA_URL_MAX_LIFETIME_SECONDS } from './signing.ts';

/**
 * The media route's tests, run once per media store: on local disk (`media.int.test.ts`) and on
 * S3 (`media.s3.int.test.ts`), both proxied (S3_PROXY=true: the bytes stream through us, Range
 * and all) and redirecting to presigned URLs. Whatever the store, nothing is handed out before
 * our own signature check passed.
 */
export function describeMediaServing(store: StoreKind) {
  describe(`media served from the ${store} store`, () => {
    let t: TestApp;
    let bytes: Buffer;
    let upload: { id: string; file_url: string };
    beforeAll(async () => {
      t = await buildTestAppOn(store);
      const user = await buildUser(t);
      bytes = await png(64, 48);
      const res = await uploadFile(t, user, { content: bytes, context: 'post_image' });
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
      upload = res.json();
    });
    afterAll(() => t.close());
    it(`keeps its media on the ${store} store`, () => {
      expect(t.storage.kind).toBe(store === 'local' ? 'local' : 's3');
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'GET', url, headers });

    const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const HOUR_MS = 60 * 60 * 1000;

    /** A refusal: 404, JSON, and not one byte of the file. */
    function expectNothing(res: Awaited<ReturnType<typeof get>>) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ detail: 'Media not found or link expired.' });
      expect(res.rawPayload.includes(PNG_SIGNATURE)).toBe(false);
      expect(res.headers['content-range']).toBeUndefined();
      // Refused before any store was asked for a direct URL: no redirect to follow either.
      expect(res.headers.location).toBeUndefined();
    }

    if (store !== 's3') {
      describe('GET /media/{id}/{variant} with a valid signature', () => {
        it('answers the bytes of the upload with its type and nosniff', async () => {
          const res = await get(upload.file_url);
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload).toEqual(bytes);
          expect(res.headers['content-type']).toBe('image/png');
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['cache-control']).toBe('private, max-age=3600');
          expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''picture.png");
          expect(Number(res.headers['content-length'])).toBe(bytes.length);
        });

        it('needs no access token: the signature is the permission', async () => {
          const res = await get(upload.file_url, { authorization: 'Bearer not-a-token' });
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload).toEqual(bytes);
        });

        it('answers a Range request with 206 and exactly that slice', async () => {
          const res = await get(upload.file_url, { range: 'bytes=10-29' });
          expect(res.statusCode).toBe(206);
          expect(res.headers['content-range']).toBe(`bytes 10-29/${bytes.length}`);
          expect(res.rawPayload).toEqual(bytes.subarray(10, 30));
          expect(res.headers['content-type']).toBe('image/png');
        });

        it('answers an open-ended and a suffix Range', async () => {
          const tail = await get(upload.file_url, { range: `bytes=${bytes.length - 5}-` });
          expect(tail.statusCode).toBe(206);
          expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 5));
          const suffix = await get(upload.file_url, { range: 'bytes=-7' });
          expect(suffix.statusCode).toBe(206);
          expect(suffix.rawPayload).toEqual(bytes.subarray(bytes.length - 7));
        });

        it('answers 416 for a Range past the end', async () => {
          const res = await get(upload.file_url, { range: `bytes=${bytes.length + 10}-` });
          expect(res.statusCode).toBe(416);
          expect(res.rawPayload.includes(PNG_SIGNATURE)).toBe(false);
        });

        it('says it takes ranges, and a 416 names the size', async () => {
          expect((await get(upload.file_url)).headers['accept-ranges']).toBe('bytes');
          const res = await get(upload.file_url, { range: `bytes=${bytes.length}-` });
          expect(res.statusCode).toBe(416);
          expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
        });

        it('answers several ranges, a malformed one or a conditional one with the whole file', async () => {
          const requests: Record<string, string>[] = [
            { range: 'bytes=0-3,20-30' },
            { range: 'bytes0-3' },
            { range: 'lines=1-2' },
            { range: 'bytes=0-3', 'if-range': '"some-etag"' },
          ];
          for (const headers of requests) {
            const res = await get(upload.file_url, headers);
            expect(res.statusCode).toBe(200);
            expect(res.rawPayload).toEqual(bytes);
            expect(res.headers['content-range']).toBeUndefined();
          }
        });

        it('answers a range that reaches past the end up to the last byte', async () => {
          const res = await get(upload.file_url, {
            range: `bytes=${bytes.length - 4}-${bytes.length + 100}`,
          });
          expect(res.statusCode).toBe(206);
          expect(res.headers['content-range']).toBe(
            `bytes ${bytes.length - 4}-${bytes.length - 1}/${bytes.length}`,
          );
          expect(res.rawPayload).toEqual(bytes.subarray(bytes.length - 4));
        });

        it('answers HEAD with the headers of GET and no body', async () => {
          const whole = await t.request({ method: 'HEAD', url: upload.file_url });
          expect(whole.statusCode).toBe(200);
          expect(whole.headers['content-length']).toBe(String(bytes.length));
          expect(whole.headers['content-type']).toBe('image/png');
          expect(whole.headers['accept-ranges']).toBe('bytes');
          expect(whole.rawPayload.length).toBe(0);
          const part = await t.request({
            method: 'HEAD',
            url: upload.file_url,
            headers: { range: 'bytes=2-5' },
          });
          expect(part.statusCode).toBe(206);
          expect(part.headers['content-length']).toBe('4');
          expect(part.headers['content-range']).toBe(`bytes 2-5/${bytes.length}`);
          expect(part.rawPayload.length).toBe(0);
        });

        it('streams the whole of a larger file, and a slice of its middle', async () => {
          const user = await buildUser(t);
          const big = await png(1500, 1000);
          const res = await uploadFile(t, user, { content: big, context: 'post_image' });
          const url = res.json().file_url as string;
          const whole = await get(url);
          expect(whole.rawPayload).toEqual(big);
          const middle = await get(url, { range: 'bytes=1000-99999' });
          expect(middle.statusCode).toBe(206);
          expect(middle.rawPayload).toEqual(big.subarray(1000, 100000));
        });

        it('accepts a URL signed just now with the app key', async () => {
          const res = await get(signerOf(t).url(upload.id));
          expect(res.statusCode).toBe(200);
          expect(res.rawPayload).toEqual(bytes);
        });
      });
    }

    if (store === 's3') {
      describe('GET /media/{id}/{variant} with a valid signature, on a bucket', () => {
        it('redirects to a presigned bucket URL of a few minutes that serves the bytes', async () => {
          const res = await get(upload.file_url);
          expect(res.statusCode).toBe(302);
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(res.rawPayload.length).toBe(0);
          const location = new URL(String(res.headers.location));
          expect(location.origin).toBe(t.config.s3?.endpoint);
          expect(location.searchParams.get('X-Amz-Expires')).toBe(
            String(DIRECT_URL_LIFETIME_SECONDS),
          );
          const direct = await getMedia(t, upload.file_url);
          expect(direct.statusCode).toBe(200);
          expect(direct.rawPayload).toEqual(bytes);
          expect(direct.headers['content-type']).toBe('image/png');
          expect(direct.headers['content-disposition']).toBe(
            "inline; filename*=UTF-8''picture.png",
          );
        });

        it('lets the bucket answer a Range with 206 and exactly that slice', async () => {
          const res = await getMedia(t, upload.file_url, { range: 'bytes=10-29' });
          expect(res.statusCode).toBe(206);
          expect(res.headers['content-range']).toBe(`bytes 10-29/${bytes.length}`);
          expect(res.rawPayload).toEqual(bytes.subarray(10, 30));
        });

        it('redirects a HEAD too', async () => {
          const head = await t.request({ method: 'HEAD', url: upload.file_url });
          expect(head.statusCode).toBe(302);
          expect(head.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        });
      });
    }

    describe('GET /media/{id}/{variant} answers nothing without a valid signature', () => {
      const query = (url: string) => new URL(url, 'http://x').searchParams;

      it('a bare URL', async () => {
        expectNothing(await get(`/media/${upload.id}/original`));
      });

      it('a bare URL with a Range header', async () => {
        expectNothing(await get(`/media/${upload.id}/original`, { range: 'bytes=0-10' }));
      });

      it('an expiry without a signature, and a signature without an expiry', async () => {
        const q = query(upload.file_url);
        expectNothing(await get(`/media/${upload.id}/original?exp=${q.get('exp')}`));
        expectNothing(await get(`/media/${upload.id}/original?sig=${q.get('sig')}`));
      });

      it('a tampered signature', async () => {
        const q = query(upload.file_url);
        const sig = q.get('sig')!;
        const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
        expectNothing(await get(`/media/${upload.id}/original?exp=${q.get('exp')}&sig=${flipped}`));
        expectNothing(await get(`/media/${upload.id}/original?exp=${q.get('exp')}&sig=${sig}x`));
        expectNothing(await get(`/media/${upload.id}/original?exp=${q.get('exp')}&sig=`));
      });

      it('a later expiry with the old signature', async () => {
        const q = query(upload.file_url);
        const later = Number(q.get('exp')) + 600;
        expectNothing(await get(`/media/${upload.id}/original?exp=${later}&sig=${q.get('sig')}`));
      });

      it('the signature of another upload', async () => {
        const other = await buildUser(t);
        const res = await uploadFile(t, other, { content: await png(), context: 'post_image' });
        const q = query(res.json().file_url);
        expectNothing(
          await get(`/media/${upload.id}/original?exp=${q.get('exp')}&sig=${q.get('sig')}`),
        );
      });

      it('the signature of the original used for another variant', async () => {
        const q = query(upload.file_url);
        for (const variant of ['feed', 'thumb', 'poster']) {
          expectNothing(
            await get(`/media/${upload.id}/${variant}?exp=${q.get('exp')}&sig=${q.get('sig')}`),
          );
        }
      });

      it('an expired URL signed with the app key', async () => {
        const expired = signerOf(t).url(upload.id, 'original', Date.now() - 2 * HOUR_MS);
        expect(Number(query(expired).get('exp')) * 1000).toBeLessThan(Date.now());
        expectNothing(await get(expired));
      });

      it('a URL signed with the app key that lives longer than allowed', async () => {
        const tooLong = signerOf(t).url(upload.id, 'original', Date.now() + 2 * HOUR_MS);
        expect(Number(query(tooLong).get('exp'))).toBeGreaterThan(
          Date.now() / 1000 + MEDIA_URL_MAX_LIFETIME_SECONDS,
        );
        expectNothing(await get(tooLong));
      });

      it('a URL signed with another key', async () => {
        const foreign = createMediaSigner(new Uint8Array(32).fill(7)).url(upload.id);
        expectNothing(await get(foreign));
      });

      it('a signed URL of an upload that no longer exists', async () => {
        const owner = await buildUser(t);
        const res = await uploadFile(t, owner, { content: await png(), context: 'post_image' });
        const { id, file_url: url } = res.json();
        await t.request({ method: 'DELETE', url: `/api/uploads/${id}/`, token: owner.access });
        expectNothing(await get(url));
      });

      it('a validly signed variant that was never made', async () => {
        expectNothing(await get(signerOf(t).url(upload.id, 'poster')));
      });

      it('an unknown variant name', async () => {
        const res = await get(`/media/${upload.id}/secret?exp=1&sig=x`);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.rawPayload.includes(PNG_SIGNATURE)).toBe(false);
      });

      it('a signed URL whose row is there but whose bytes are gone', async () => {
        const owner = await buildUser(t);
        const res = await uploadFile(t, owner, { content: await png(), context: 'post_image' });
        const row = await uploadRow(t, res.json().id);
        await t.storage.remove(row!.storageKey);
        if (store === 's3') {
          // The redirect is not held back by a look at the bucket first: the bucket says 404.
          const followed = await getMedia(t, res.json().file_url);
          expect(followed.statusCode).toBe(404);
          expect(followed.rawPayload.includes(PNG_SIGNATURE)).toBe(false);
          return;
        }
        expectNothing(await get(res.json().file_url));
        expectNothing(await get(res.json().file_url, { range: 'bytes=0-10' }));
        const head = await t.request({ method: 'HEAD', url: res.json().file_url });
        expect(head.statusCode).toBe(404);
      });

      it('a path that tries to climb out of the media directory', async () => {
        const res = await get(`/media/..%2F..%2Fsecrets.json/original?exp=1&sig=x`);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      });
    });
  });
}
