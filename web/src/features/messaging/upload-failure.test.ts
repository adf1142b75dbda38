import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import { uploadFailureLines } from './upload-failure';

const NOT_ACCEPTED =
  "The file's contents are not an image, video, audio file, PDF or ZIP, which message_attachment accepts.";
const ALLOWED =
  'Allowed file types: JPEG, PNG, GIF, WebP, AVIF, MP4, WebM, MOV, MKV, OGV, MP3, M4A, OGG, WAV, FLAC, AAC, PDF, ZIP.';
const refused = new ApiError(400, { file: [NOT_ACCEPTED] });

describe('uploadFailureLines', () => {
  it('gives the server’s reason and the allowed types when the only file is refused', () => {
    expect(uploadFailureLines([{ name: 'notes.txt', error: refused }], true, t)).toEqual([
      `File upload failed: ${NOT_ACCEPTED}`,
      ALLOWED,
    ]);
  });

  it('names the refused files and still gives the reason when others uploaded', () => {
    const tooLarge = new ApiError(413, { file: ['File is too large. Maximum size: 10GB'] });
    const failures = [
      { name: 'setup.exe', error: refused },
      { name: 'run.exe', error: refused },
      { name: 'huge.mp4', error: tooLarge },
    ];
    expect(uploadFailureLines(failures, false, t)).toEqual([
      'Upload failed for: setup.exe, run.exe, huge.mp4',
      NOT_ACCEPTED,
      'File is too large. Maximum size: 10GB',
      ALLOWED,
    ]);
  });

  it('lists no types when the file was not the problem', () => {
    expect(uploadFailureLines([{ name: 'a.png', error: new NetworkError() }], true, t)).toEqual([
      'File upload failed: Network error',
    ]);
    const crashed = new ApiError(500, { detail: 'Internal server error' });
    expect(uploadFailureLines([{ name: 'a.png', error: crashed }], true, t)).toEqual([
      'File upload failed: Internal server error',
    ]);
  });
});
