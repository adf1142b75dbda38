import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config/index.ts';
import { createHashingTap } from './hashing-tap.ts';
import { uploadStream } from './s3-multipart.ts';
import type { ByteRange, MediaStorage } from './storage.ts';

/** Temporary objects (unfinished uploads, self-test probes) live under this prefix. */
export const TEMP_PREFIX = 'tmp/';

/** Bucket, endpoint, credentials and serving mode, as the S3_* variables set them. */
export type S3StorageOptions = S3Config;

/** An S3 store that also exposes its client, for the start-up self-test and tests. */
export type S3Storage = MediaStorage & { readonly kind: 's3'; readonly client: S3Client };

/**
 * Media in an S3-compatible bucket (AWS S3, R2, B2, MinIO, Garage, Ceph RGW). The bucket stays
 * private: no request sets a per-object ACL (R2, Garage and recent MinIO refuse the headers), and
 * browsers reach bytes only through presigned URLs we hand out after our own access check.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 demands them: several S3-compatible servers reject the SDK's
    // default trailing checksums on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A wrong or unreachable endpoint fails quickly instead of hanging start-up. No socket idle
    // timeout: a proxied download may pause for as long as its slow reader needs. Many proxied
    // downloads may stream at once, which the SDK's default of 50 sockets would queue.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });

  const remove = async (key: string) => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isNotFound(error)) throw error;
    }
  };

  const getBody = async (key: string, range?: ByteRange): Promise<Readable> => {
    const response = await client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no body for ${key}`);
    return response.Body;
  };

  return {
    kind: 's3',
    client,

    async writeTemp(source) {
      const tempKey = `${TEMP_PREFIX}${randomUUID()}`;
      const { tap, result } = createHashingTap();
      const uploading = uploadStream(client, { Bucket: bucket, Key: tempKey }, tap).catch(
        (error: unknown) => {
          // Nothing reads the tap any more: without this the source would wait on it forever.
          tap.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        },
      );
      const [piped, uploaded] = await Promise.allSettled([pipeline(source, tap), uploading]);
      if (piped.status === 'rejected' || uploaded.status === 'rejected') {
        // uploadStream already aborted its multipart upload; a failure after the last byte may
        // still have left a finished object behind.
        await remove(tempKey).catch(() => undefined);
        // The first failure: the source's own, or the store's refusal, which broke the pipe too.
        throw piped.status === 'rejected'
          ? piped.reason
          : (uploaded as PromiseRejectedResult).reason;
      }
      return { tempKey, ...result() };
    },

    async commit(tempKey, key) {
      // A server-side copy: the bytes never come back through us. CopyObject takes objects up
      // to 5 GiB in one request, and uploads are capped at 2 GiB.
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: key,
          CopySource: `${bucket}/${encodeKeyPath(tempKey)}`,
        }),
      );
      await remove(tempKey);
    },

    async writeBuffer(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async readBuffer(key) {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!response.Body) throw new Error(`S3 returned no body for ${key}`);
      return Buffer.from(await response.Body.transformToByteArray());
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    read: getBody,

    async withLocalFile(key, use) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-s3-'));
      try {
        const filePath = path.join(dir, 'object');
        await pipeline(await getBody(key), createWriteStream(filePath));
        return await use(filePath);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },

    async directUrl(key, serveAs, expiresInSeconds) {
      if (options.proxy) return undefined;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: serveAs.contentType,
        ResponseContentDisposition: serveAs.contentDisposition,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    remove,

    async *list(prefix) {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0 };
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
}

/** A key as CopySource wants it: each path segment URL-encoded, the slashes kept. */
function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * A missing object. HeadObject's 404 has no body, so the SDK names it NotFound; GetObject's is
 * NoSuchKey. A missing bucket is no missing object: it must surface.
 */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'NoSuchBucket') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}
