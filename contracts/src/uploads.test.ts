import { describe, expect, it } from 'vitest';
import {
  MESSAGE_ATTACHMENT_FILE_TYPES,
  acceptAttribute,
  fileTypeNames,
  mimeTypesOf,
} from './uploads.ts';

describe('accepted file types', () => {
  it('offers the file picker every accepted MIME type and its extensions, each once', () => {
    const accept = acceptAttribute(MESSAGE_ATTACHMENT_FILE_TYPES).split(',');
    expect(accept).toEqual([...new Set(accept)]);
    expect(accept).toEqual(expect.arrayContaining(mimeTypesOf(MESSAGE_ATTACHMENT_FILE_TYPES)));
    expect(accept).toEqual(expect.arrayContaining(['.jpg', '.mkv', '.m4a', '.pdf', '.zip']));
    expect(accept).not.toContain('.exe');
  });

  it('names each format once, in order', () => {
    expect(fileTypeNames(MESSAGE_ATTACHMENT_FILE_TYPES)).toBe(
      'JPEG, PNG, GIF, WebP, AVIF, MP4, WebM, MOV, MKV, OGV, MP3, M4A, OGG, WAV, FLAC, AAC, PDF, ZIP',
    );
  });
});
