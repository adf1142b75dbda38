import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part size (all but the last part): 2 GiB / 5 MiB = 410 parts, far below 10,000. */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Streams `source` into one object as a multipart upload through two part buffers allocated
 * once and reused for every part: one fills while the other is sent, so memory stays at two
 * parts whatever the size, and no part leaves garbage behind. (`@aws-sdk/lib-storage` builds
 * each part in a fresh buffer; on a busy server those waited for the collector and a 2 GiB
 * upload grew the process past its 64 MiB budget.) Less than one part goes up as one PutObject.
 * On failure the multipart upload is aborted, so no parts stay stored (and billed).
 */
export async function uploadStream(
  client: S3Client,
  target: { Bucket: string; Key: string },
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  partSize = PART_SIZE,
): Promise<void> {
  const buffers = [Buffer.allocUnsafe(partSize), Buffer.allocUnsafe(partSize)];
  const sending: (Promise<void> | undefined)[] = [undefined, undefined];
  const parts: CompletedPart[] = [];
  let uploadId: string | undefined;
  let partNumber = 0;
  let current = 0;
  let filled = 0;

  async function sendPart() {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand(target))).UploadId;
    partNumber += 1;
    const PartNumber = partNumber;
    const Body = buffers[current]?.subarray(0, filled);
    const sent = client
      .send(new UploadPartCommand({ ...target, UploadId: uploadId, PartNumber, Body }))
      .then(({ ETag }) => void parts.push({ PartNumber, ETag }));
    sent.catch(() => undefined); // awaited below; marked handled while the next part fills
    sending[current] = sent;
    current = 1 - current;
    filled = 0;
    // The buffer about to be filled must be sent already.
    await sending[current];
    sending[current] = undefined;
  }

  try {
    for await (const chunk of source) {
      let offset = 0;
      while (offset < chunk.length) {
        const buffer = buffers[current] as Buffer;
        const copied = chunk.copy(buffer, filled, offset);
        offset += copied;
        filled += copied;
        if (filled === partSize) await sendPart();
      }
    }
    if (uploadId === undefined) {
      const Body = buffers[current]?.subarray(0, filled);
      await client.send(new PutObjectCommand({ ...target, Body }));
      return;
    }
    if (filled > 0) await sendPart();
    await Promise.all(sending);
    parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await client.send(
      new CompleteMultipartUploadCommand({
        ...target,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await Promise.allSettled(sending);
    if (uploadId !== undefined) {
      await client
        .send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
        .catch(() => undefined);
    }
    throw error;
  }
}
