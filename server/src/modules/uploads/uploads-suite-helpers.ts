import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildTestAppOn, type StoreKind } from '../../../test/stores.ts';
import { UPLOAD_CONTEXTS, uploads } from '../../db/schema/index.ts';

/**
 * What the upload suites (`uploads-post`, `uploads-reads`, `uploads-delete`) share. Each test file
 * (`uploads.int.test.ts` on local disk, `uploads.s3.int.test.ts` on S3) builds one app with
 * `uploadsAppOn` and runs every suite on it: what a user sees must not depend on where the bytes live.
 */

/** The app the suites run on, once its `beforeAll` has built it. */
export type UploadsApp = () => TestApp;

/** Builds the app on `store` for the test file (and checks it really keeps its media there). */
export function uploadsAppOn(store: StoreKind): UploadsApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestAppOn(store);
  });
  afterAll(() => built?.close());
  const app = () => {
    if (!built) throw new Error('The uploads test app is used before it was built');
    return built;
  };
  it(`keeps its media on the ${store} store`, () => {
    expect(app().storage.kind).toBe(store === 'local' ? 'local' : 's3');
  });
  return app;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const CONTEXT_MESSAGE = `Choose one of: ${UPLOAD_CONTEXTS.join(', ')}.`;
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const signedUrl = (id: string, variant = 'original') =>
  new RegExp(`^/media/${id}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

/** An upload answer without its signed URLs, whose expiry moves every few minutes. */
export function withoutUrls(upload: Record<string, unknown>) {
  const { file_url: _file, thumbnail_url: _thumb, ...rest } = upload;
  return rest;
}

export async function rowsOf(t: TestApp, ownerId: number) {
  return t.db.query.uploads.findMany({ where: eq(uploads.ownerId, ownerId) });
}
