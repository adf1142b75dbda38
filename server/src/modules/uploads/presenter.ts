import type { UploadRow } from '../../db/schema/index.ts';
import { type MediaSigner, presentVideoFields } from '../media/index.ts';

/** An upload as its owner sees it; the URL is signed and short-lived. */
export function presentUpload(row: UploadRow, signer: MediaSigner) {
  const isVideo = row.contentType.startsWith('video/');
  return {
    id: row.id,
    context: row.context,
    original_filename: row.originalFilename,
    content_type: row.contentType,
    file_size: row.sizeBytes,
    file_hash: row.sha256,
    file_url: signer.url(row.id),
    thumbnail_url: row.variants.thumb ? signer.url(row.id, 'thumb') : null,
    is_image: row.contentType.startsWith('image/'),
    is_video: isVideo,
    is_audio: row.contentType.startsWith('audio/'),
    width: row.width,
    height: row.height,
    uploaded_at: row.createdAt.toISOString(),
    ...(isVideo ? presentVideoFields(row, true, signer) : {}),
  };
}
