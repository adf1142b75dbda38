import type { IncomingMessage } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { findFreePort } from '../src/lib/free-port.ts';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
};

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The configuration that points the app at this server, for `buildTestApp(env)`. */
  env: Record<string, string>;
  /** Every request the server received, as it arrived on the wire, oldest first. */
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

/** s3rver's built-in account: it knows this access key id. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The bucket CORS rule docs/deploy.md asks for, so that a page of `origins` may fetch HLS
 * segments (redirected to presigned URLs) from script.
 */
function corsRule(origins: string[]): string {
  return [
    '<CORSConfiguration><CORSRule>',
    ...origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`),
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>',
    '<AllowedHeader>Range</AllowedHeader>',
    '<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader>',
    '<MaxAgeSeconds>3600</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

/**
 * s3rver keeps each key as files in folders and, on DeleteObject, removes the folders left
 * empty. A PutObject into the same folder at that moment has made the folder and not yet opened
 * its file: the open fails with ENOENT on a stream without an error listener, an uncaught
 * exception in the test process (seen in CI: a refused upload's discard of `tmp/<id>` beside the
 * next upload into `tmp/`). A real bucket has no folders, so the test server keeps them: its
 * listings read files only, and an empty folder lists nothing.
 */
function keepFoldersOnDelete(server: S3rver): void {
  const store = server.store;
  store.deleteObject = async (bucket, key) => {
    const files = ['object', 'object.md5', 'metadata.json'].map((type) =>
      store.getResourcePath(bucket, key, type),
    );
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  };
}

/**
 * A real S3 HTTP server (s3rver) in this process, on a free loopback port, storing into a fresh
 * temporary directory, with one empty bucket. Call `close()` in afterAll.
 *
 * Its limits: it checks the access key id but not signatures, answers AbortMultipartUpload
 * with 405, and cannot continue a listing past its first page of 1,000 keys on Node 24 (its
 * continuation tokens use DES, which OpenSSL 3 leaves out): keep a listed prefix under 1,000.
 */
export async function startS3(
  bucket = 'zura-test',
  options: { corsOrigins?: string[] } = {},
): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-s3-'));
  const port = await findFreePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [
      { name: bucket, configs: options.corsOrigins ? [corsRule(options.corsOrigins)] : [] },
    ],
  });
  keepFoldersOnDelete(server);
  await server.run();
  const requests: RecordedRequest[] = [];
  // Another listener beside s3rver's own: it sees every request exactly as the client sent it.
  server.httpServer.on('request', (request: IncomingMessage) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    requests,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
