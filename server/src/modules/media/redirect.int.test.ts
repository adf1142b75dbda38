import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { png, signerOf, uploadFile, uploadRow } from '../../../test/media.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import type { MediaStorage, ServeAs } from '../../storage/storage.ts';
import { DIRECT_URL_LIFETIME_SECONDS } from './delivery.ts';
import { mediaRoutes } from './routes.ts';

/*
 * A store that serves its own bytes (S3 without S3_PROXY) answers a redirect once our gate has
 * passed. Here the app's real local store holds the bytes and only its directUrl is a bucket's:
 * what the route does with such a URL is under test; the bucket's presigned GET itself is
 * tested with the S3 store against a real S3 server.
 */
let t: TestApp;
let app: FastifyInstance;
const asked: { key: string; serveAs: ServeAs; seconds: number }[] = [];
let upload: { id: string; file_url: string };

beforeAll(async () => {
  t = await buildTestApp();
  const bucketLike: MediaStorage = {
    ...t.storage,
    directUrl: async (key, serveAs, seconds) => {
      asked.push({ key, serveAs, seconds });
      return `https://bucket.example/${key}?X-Amz-Expires=${seconds}`;
    },
  };
  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(mediaRoutes({ db: t.db, storage: bucketLike, signer: signerOf(t) }));
  await app.ready();
  const user = await buildUser(t);
  const res = await uploadFile(t, user, {
    content: await png(),
    context: 'post_image',
    filename: 'my photo.png',
  });
  upload = res.json();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('GET /media/{id}/{variant} on a store with direct URLs', () => {
  it('redirects a valid signed URL to a short-lived direct URL nobody may cache', async () => {
    asked.length = 0;
    const res = await app.inject({ method: 'GET', url: upload.file_url });
    const row = await uploadRow(t, upload.id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `https://bucket.example/${row!.storageKey}?X-Amz-Expires=${DIRECT_URL_LIFETIME_SECONDS}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBe(0);
    // The bucket is told how the browser should show the bytes.
    expect(asked).toEqual([
      {
        key: row!.storageKey,
        serveAs: {
          contentType: 'image/png',
          contentDisposition: "inline; filename*=UTF-8''my%20photo.png",
        },
        seconds: DIRECT_URL_LIFETIME_SECONDS,
      },
    ]);
    expect(DIRECT_URL_LIFETIME_SECONDS).toBeLessThanOrEqual(600);
  });

  it('redirects a HEAD and a Range request too: the bucket answers ranges itself', async () => {
    const head = await app.inject({ method: 'HEAD', url: upload.file_url });
    expect(head.statusCode).toBe(302);
    const ranged = await app.inject({
      method: 'GET',
      url: upload.file_url,
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(302);
  });

  it('never asks for a direct URL without a valid signature', async () => {
    asked.length = 0;
    const bare = await app.inject({ method: 'GET', url: `/media/${upload.id}/original` });
    expect(bare.statusCode).toBe(404);
    expect(bare.headers.location).toBeUndefined();
    const expired = signerOf(t).url(upload.id, 'original', Date.now() - 2 * 60 * 60 * 1000);
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
    const unmade = signerOf(t).url(upload.id, 'poster');
    expect((await app.inject({ method: 'GET', url: unmade })).statusCode).toBe(404);
    expect(asked).toEqual([]);
  });
});
