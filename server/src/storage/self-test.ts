import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { TEMP_PREFIX, type S3StorageOptions } from './s3.ts';
import type { MediaStorage } from './storage.ts';

export class StorageSelfTestError extends Error {}

/**
 * Before serving, proves the bucket does what media needs: put a probe object, get it back
 * whole and by range, delete it. A refusal names the step, the bucket, the endpoint and the
 * provider's own words, so an operator can fix the credentials, bucket or endpoint before any
 * upload is lost to them.
 */
export async function runS3SelfTest(
  storage: MediaStorage,
  options: Pick<S3StorageOptions, 'bucket' | 'endpoint' | 'region'>,
): Promise<void> {
  const key = `${TEMP_PREFIX}self-test-${randomUUID()}`;
  const probe = Buffer.from(`zura storage self-test ${key}`);
  const where = `bucket "${options.bucket}" at ${options.endpoint ?? `AWS S3 (${options.region})`}`;
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StorageSelfTestError(
        `S3 self-test failed at ${name} of a probe object (${where}): ${describeRefusal(error)}`,
        { cause: error },
      );
    }
  };
  const mismatch = (name: string, detail: string) =>
    new StorageSelfTestError(`S3 self-test failed at ${name} (${where}): ${detail}`);

  await step('PutObject', () => storage.writeBuffer(key, probe, 'text/plain'));
  const whole = await step('GetObject', () => storage.readBuffer(key));
  if (!whole.equals(probe)) throw mismatch('GetObject', 'returned other bytes than were put');
  const range = { start: 5, end: 11 };
  const part = await step('ranged GetObject', async () => readAll(await storage.read(key, range)));
  if (!part.equals(probe.subarray(range.start, range.end + 1))) {
    throw mismatch(
      'ranged GetObject',
      `the server returned ${part.length} bytes for a ${range.end - range.start + 1}-byte range; video playback needs Range requests`,
    );
  }
  await step('DeleteObject', () => storage.remove(key));
}

/** The provider's error code and message, or why no answer came. */
function describeRefusal(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined) {
    // A body-less error answer (HEAD, some proxies) leaves the SDK only the status code.
    const message = error.message && error.message !== 'UnknownError' ? `: ${error.message}` : '';
    return `${error.name} (HTTP ${status})${message}`;
  }
  const causes = error instanceof AggregateError ? error.errors : [error];
  const codes = causes
    .map((cause: unknown) => (cause as { code?: unknown }).code)
    .filter((code): code is string => typeof code === 'string');
  const code = codes[0] ?? (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? code : error.name;
  return `no answer from the server (${reason})${error.message ? `: ${error.message}` : ''}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
