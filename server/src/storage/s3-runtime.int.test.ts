import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { png, uploadFile } from '../../test/media.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';

describe('the platform on S3 media storage', () => {
  let s3: TestS3;
  let app: TestApp;
  let startRequests: TestS3['requests'];

  beforeAll(async () => {
    s3 = await startS3();
    app = await buildTestApp(s3.env);
    startRequests = [...s3.requests];
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores media in the bucket when S3_BUCKET is set', () => {
    expect(app.config.s3?.bucket).toBe(s3.bucket);
    expect(app.storage.kind).toBe('s3');
  });

  it('ran the self-test against the bucket before serving: put, get, ranged get, delete', async () => {
    const probe = startRequests.filter((r) => r.url.includes('/tmp/self-test-'));
    expect(probe.map((r) => r.method)).toEqual(['PUT', 'GET', 'GET', 'DELETE']);
    expect(probe[2]?.headers.range).toMatch(/^bytes=\d+-\d+$/);
    expect(new Set(probe.map((r) => new URL(r.url, s3.endpoint).pathname)).size).toBe(1);
    const left = [];
    for await (const object of app.storage.list('tmp/')) left.push(object);
    expect(left).toEqual([]);
    expect((await app.request({ method: 'GET', url: '/api/' })).statusCode).toBe(200);
  });

  it('keeps an upload in the bucket and redirects a viewer to a presigned URL for its bytes', async () => {
    const user = await buildUser(app);
    const bytes = await png();
    const uploaded = await uploadFile(app, user, { content: bytes, context: 'post_image' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileUrl = new URL((uploaded.json() as { file_url: string }).file_url, 'http://zura.test');
    const media = await app.request({ method: 'GET', url: fileUrl.pathname + fileUrl.search });
    expect(media.statusCode).toBe(302);
    const location = new URL(String(media.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("lets pages load images and videos from the bucket's origin, and from nowhere else", async () => {
    // Pages and files carry the page policy (the API's answers have their own, `security-headers.ts`).
    const res = await app.request({ method: 'GET', url: '/robots.txt' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);
    expect(csp).toContain(`media-src 'self' blob: ${s3.endpoint};`);
    // hls.js fetches segments, following their redirects to the bucket.
    expect(csp).toMatch(new RegExp(`connect-src 'self' ws: wss: ${s3.endpoint}(;|$)`));
    expect(csp).toContain("default-src 'self';");

    // Proxied, the bytes come from our own origin: the bucket stays out of the policy.
    const proxied = await buildTestApp({ ...s3.env, S3_PROXY: 'true' });
    try {
      const policy = String(
        (await proxied.request({ method: 'GET', url: '/robots.txt' })).headers[
          'content-security-policy'
        ],
      );
      expect(policy).not.toContain(s3.endpoint);
      expect(policy).toContain("img-src 'self' data: blob:;");
    } finally {
      await proxied.close();
    }
  });

  it('refuses to start on a bucket that does not exist, naming it and the step', async () => {
    await expect(buildTestApp({ ...s3.env, S3_BUCKET: 'not-created' })).rejects.toThrow(
      /PutObject.*"not-created".*NoSuchBucket/,
    );
  });
});
