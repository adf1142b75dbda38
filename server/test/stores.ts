import { buildTestApp, type TestApp } from './app.ts';
import { startS3 } from './s3.ts';

/**
 * The media stores a suite can run on: local disk (the default), S3 answering with redirects to
 * presigned URLs, and S3 with S3_PROXY=true, where we stream the bucket's bytes ourselves.
 */
export type StoreKind = 'local' | 's3' | 's3-proxy';

/**
 * The test app on `kind` of store. For S3 an s3rver of its own starts in-process, and the
 * app's `close()` stops it too.
 */
export async function buildTestAppOn(
  kind: StoreKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  if (kind === 'local') return buildTestApp(env);
  const s3 = await startS3();
  try {
    const t = await buildTestApp({
      ...s3.env,
      ...(kind === 's3-proxy' ? { S3_PROXY: 'true' } : {}),
      ...env,
    });
    return {
      ...t,
      async close() {
        await t.close();
        await s3.close();
      },
    };
  } catch (error) {
    await s3.close();
    throw error;
  }
}
