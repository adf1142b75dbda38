import {
  IMAGE_FILE_TYPES,
  MEDIA_FILE_TYPES,
  MESSAGE_ATTACHMENT_FILE_TYPES,
  VIDEO_FILE_TYPES,
  mimeTypesOf,
} from '@zura/contracts';
import type { UploadContext } from '../../db/schema/index.ts';

const GB = 1024 ** 3;
export const MAX_UPLOAD_BYTES = 10 * GB;
export const MAX_IMAGE_BYTES = 50 * 1024 ** 2;

const IMAGE_TYPES = mimeTypesOf(IMAGE_FILE_TYPES);
const VIDEO_TYPES = mimeTypesOf(VIDEO_FILE_TYPES);

type ContextRule = { types: string[]; maxBytes: number; label: string };

/**
 * Which detected types each upload context accepts, checked against the bytes, not the name
 * (the lists are the contracts', which the web's file pickers and messages also use).
 */
export const CONTEXT_RULES: Record<UploadContext, ContextRule> = {
  profile_image: { types: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, label: 'an image' },
  cover_image: { types: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, label: 'an image' },
  post_image: { types: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, label: 'an image' },
  post_video: { types: VIDEO_TYPES, maxBytes: MAX_UPLOAD_BYTES, label: 'a video' },
  message_attachment: {
    types: mimeTypesOf(MESSAGE_ATTACHMENT_FILE_TYPES),
    maxBytes: MAX_UPLOAD_BYTES,
    label: 'an image, video, audio file, PDF or ZIP',
  },
  user_media: {
    types: mimeTypesOf(MEDIA_FILE_TYPES),
    maxBytes: MAX_UPLOAD_BYTES,
    label: 'an image, video or audio file',
  },
  media: {
    types: mimeTypesOf(MEDIA_FILE_TYPES),
    maxBytes: MAX_UPLOAD_BYTES,
    label: 'an image, video or audio file',
  },
};

export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/**
 * Control characters (C0, DEL, C1) and the bidi controls that reorder what is shown: embeddings
 * and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C.
 * With U+202E kept, `invoice\u202Efdp.exe` would show as `invoiceexe.pdf`.
 */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** A name safe to show and to put in a Content-Disposition: no paths, no control characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARACTERS, '').trim().slice(0, 255);
  return cleaned || 'file';
}
