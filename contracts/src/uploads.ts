import { z } from 'zod';
import { videoFields } from './video-fields.ts';

/**
 * The file types the server accepts, by the MIME type it detects from a file's first bytes
 * (never from its name). One list serves the server's check, the file pickers' `accept` and
 * the texts that tell people what they may upload.
 */
export interface AcceptedFileType {
  /** What the server's type sniffing (the file-type package) answers for such a file. */
  mime: string;
  /** The name people know the format by, shown in messages. */
  name: string;
  /** For the browser's file picker. */
  extensions: readonly string[];
}

export const IMAGE_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'image/jpeg', name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { mime: 'image/png', name: 'PNG', extensions: ['.png'] },
  { mime: 'image/gif', name: 'GIF', extensions: ['.gif'] },
  { mime: 'image/webp', name: 'WebP', extensions: ['.webp'] },
  { mime: 'image/avif', name: 'AVIF', extensions: ['.avif'] },
];

export const VIDEO_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'video/mp4', name: 'MP4', extensions: ['.mp4'] },
  { mime: 'video/webm', name: 'WebM', extensions: ['.webm'] },
  { mime: 'video/quicktime', name: 'MOV', extensions: ['.mov'] },
  { mime: 'video/matroska', name: 'MKV', extensions: ['.mkv'] },
  { mime: 'video/ogg', name: 'OGV', extensions: ['.ogv'] },
];

export const AUDIO_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'audio/mpeg', name: 'MP3', extensions: ['.mp3'] },
  { mime: 'audio/x-m4a', name: 'M4A', extensions: ['.m4a'] },
  { mime: 'audio/mp4', name: 'M4A', extensions: ['.m4a', '.m4b'] },
  { mime: 'audio/ogg', name: 'OGG', extensions: ['.ogg', '.oga'] },
  { mime: 'audio/wav', name: 'WAV', extensions: ['.wav'] },
  { mime: 'audio/flac', name: 'FLAC', extensions: ['.flac'] },
  { mime: 'audio/aac', name: 'AAC', extensions: ['.aac'] },
];

export const DOCUMENT_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'application/pdf', name: 'PDF', extensions: ['.pdf'] },
  { mime: 'application/zip', name: 'ZIP', extensions: ['.zip'] },
];

/** What a message may carry (upload context `message_attachment`). */
export const MESSAGE_ATTACHMENT_FILE_TYPES: readonly AcceptedFileType[] = [
  ...IMAGE_FILE_TYPES,
  ...VIDEO_FILE_TYPES,
  ...AUDIO_FILE_TYPES,
  ...DOCUMENT_FILE_TYPES,
];

/** What the media library holds (upload contexts `media` and `user_media`). */
export const MEDIA_FILE_TYPES: readonly AcceptedFileType[] = [
  ...IMAGE_FILE_TYPES,
  ...VIDEO_FILE_TYPES,
  ...AUDIO_FILE_TYPES,
];

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function mimeTypesOf(types: readonly AcceptedFileType[]): string[] {
  return types.map((type) => type.mime);
}

/** The `accept` attribute of a file input: the MIME types and the extensions. */
export function acceptAttribute(types: readonly AcceptedFileType[]): string {
  return unique(types.flatMap((type) => [type.mime, ...type.extensions])).join(',');
}

/** 'JPEG, PNG, GIF, ...': each format once, in the list's order. */
export function fileTypeNames(types: readonly AcceptedFileType[]): string {
  return unique(types.map((type) => type.name)).join(', ');
}

/** An upload as its owner sees it (POST /api/uploads/, /my-files/, /:id/); URLs are signed. */
export const uploadedFile = videoFields.extend({
  id: z.uuid(),
  context: z.string(),
  original_filename: z.string(),
  content_type: z.string(),
  file_size: z.number().int(),
  file_hash: z.string(),
  file_url: z.string(),
  thumbnail_url: z.string().nullable(),
  is_image: z.boolean(),
  is_video: z.boolean(),
  is_audio: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_at: z.string(),
});
export const uploadedFileList = z.array(uploadedFile);

/** The refusal (403) of an upload by a user whose address is not verified yet. */
export const UPLOAD_NEEDS_VERIFIED_EMAIL =
  'Verify your email address before uploading files: open the link in the mail we sent you when you signed up.';
