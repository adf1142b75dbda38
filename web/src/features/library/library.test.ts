import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import {
  DeleteMediaError,
  awaitingVariants,
  deleteFailureMessage,
  deleteMediaItem,
  deletionSources,
  errorDetail,
  flattenLibrary,
  removeLibraryItem,
  uploadFailureMessage,
  usageStatusOf,
  type LibraryPages,
  type MediaItem,
} from './api';
import {
  DUPLICATE_MESSAGE_MS,
  INVALID_MESSAGE_MS,
  LARGE_FILE_BYTES,
  MAX_UPLOAD_BYTES,
  acceptedKindOf,
  columnsForWidth,
  duplicateMessage,
  formatFileSize,
  invalidMessage,
  isHiddenPath,
  namesSummary,
  sortIncoming,
  visibleFolderFiles,
  walkEntries,
  wrapIndex,
  type EntryLike,
} from './files';

function fakeFile(name: string, size: number, type: string) {
  return { name, size, type };
}

describe('constants (spec §9)', () => {
  it('states 10 GB, notes above 1 GB and keeps messages 5 s and 3 s', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 ** 3);
    expect(LARGE_FILE_BYTES).toBe(1024 ** 3);
    expect(INVALID_MESSAGE_MS).toBe(5000);
    expect(DUPLICATE_MESSAGE_MS).toBe(3000);
  });
});

describe('acceptedKindOf', () => {
  it('accepts images, videos and audio by MIME type', () => {
    expect(acceptedKindOf(fakeFile('a.png', 1, 'image/png'))).toBe('image');
    expect(acceptedKindOf(fakeFile('a.mp4', 1, 'video/mp4'))).toBe('video');
    expect(acceptedKindOf(fakeFile('a.mp3', 1, 'audio/mpeg'))).toBe('audio');
  });

  it('refuses other types, even with a media extension', () => {
    expect(acceptedKindOf(fakeFile('notes.txt', 1, 'text/plain'))).toBeUndefined();
    expect(acceptedKindOf(fakeFile('doc.pdf', 1, 'application/pdf'))).toBeUndefined();
    expect(acceptedKindOf(fakeFile('fake.png', 1, 'application/zip'))).toBeUndefined();
  });

  it('falls back to the extension only when the browser gives no type', () => {
    expect(acceptedKindOf(fakeFile('IMG_1.HEIC', 1, ''))).toBe('image');
    expect(acceptedKindOf(fakeFile('clip.mkv', 1, ''))).toBe('video');
    expect(acceptedKindOf(fakeFile('song.flac', 1, ''))).toBe('audio');
    expect(acceptedKindOf(fakeFile('README', 1, ''))).toBeUndefined();
    expect(acceptedKindOf(fakeFile('archive.7z', 1, ''))).toBeUndefined();
  });
});

describe('sortIncoming', () => {
  it('sorts out invalid types and duplicates of the selection and of the batch', () => {
    const selected = [fakeFile('a.png', 10, 'image/png')];
    const result = sortIncoming(selected, [
      fakeFile('a.png', 10, 'image/png'), // already selected
      fakeFile('a.png', 11, 'image/png'), // other size: not a duplicate
      fakeFile('b.txt', 5, 'text/plain'),
      fakeFile('c.mp4', 20, 'video/mp4'),
      fakeFile('c.mp4', 20, 'video/mp4'), // twice in one drop
    ]);
    expect(result.added.map((file) => `${file.name}:${file.size}`)).toEqual([
      'a.png:11',
      'c.mp4:20',
    ]);
    expect(result.invalid.map((file) => file.name)).toEqual(['b.txt']);
    expect(result.duplicates.map((file) => `${file.name}:${file.size}`)).toEqual([
      'a.png:10',
      'c.mp4:20',
    ]);
    expect(result.large).toEqual([]);
  });

  it('needs the same name, size and type for a duplicate', () => {
    const selected = [fakeFile('a.webm', 10, 'video/webm')];
    const result = sortIncoming(selected, [fakeFile('a.webm', 10, 'audio/webm')]);
    expect(result.added).toHaveLength(1);
    expect(result.duplicates).toHaveLength(0);
  });

  it('lists accepted files over 1 GB for the console note, and still adds them', () => {
    const big = fakeFile('big.mov', LARGE_FILE_BYTES + 1, 'video/quicktime');
    const exact = fakeFile('exact.mov', LARGE_FILE_BYTES, 'video/quicktime');
    const result = sortIncoming([], [big, exact]);
    expect(result.added).toEqual([big, exact]);
    expect(result.large).toEqual([big]);
  });
});

describe('skip messages', () => {
  it('names a single file', () => {
    expect(invalidMessage(t, [{ name: 'notes.txt' }])).toBe(
      'Invalid file type skipped: notes.txt. Only images, videos, and audio files are allowed.',
    );
    expect(duplicateMessage(t, [{ name: 'a.png' }])).toBe('Duplicate file skipped: a.png');
  });

  it('gives a count plus the first three names for several files', () => {
    expect(namesSummary(t, ['a', 'b'])).toBe('2 files (a, b)');
    expect(namesSummary(t, ['a', 'b', 'c'])).toBe('3 files (a, b, c)');
    expect(namesSummary(t, ['a', 'b', 'c', 'd', 'e'])).toBe('5 files (a, b, c, ...)');
    expect(
      invalidMessage(t, [{ name: 'x.txt' }, { name: 'y.pdf' }, { name: 'z.doc' }, { name: 'w' }]),
    ).toBe(
      'Invalid file type skipped: 4 files (x.txt, y.pdf, z.doc, ...). Only images, videos, and audio files are allowed.',
    );
    expect(duplicateMessage(t, [{ name: 'a.png' }, { name: 'b.png' }])).toBe(
      'Duplicate file skipped: 2 files (a.png, b.png)',
    );
  });
});

describe('formatFileSize', () => {
  it('uses B, KB, MB, GB and TB with up to 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(2.345 * 1024 ** 3)).toBe('2.35 GB');
    expect(formatFileSize(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('stays in TB above it and moves up a unit when rounding reaches 1024', () => {
    expect(formatFileSize(2048 * 1024 ** 4)).toBe('2048 TB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('answers 0 B for nonsense', () => {
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('columnsForWidth', () => {
  it('gives 1, 2 or 3 columns by width', () => {
    expect(columnsForWidth(0)).toBe(1);
    expect(columnsForWidth(360)).toBe(1);
    expect(columnsForWidth(400)).toBe(2);
    expect(columnsForWidth(639)).toBe(2);
    expect(columnsForWidth(640)).toBe(3);
    expect(columnsForWidth(2000)).toBe(3);
  });
});

describe('folder walking', () => {
  function fileEntry(name: string): EntryLike & { file: (ok: (file: File) => void) => void } {
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (ok) => ok(new File(['x'], name, { type: 'image/png' })),
    };
  }
  function folder(name: string, children: EntryLike[], batch = 2): EntryLike {
    return {
      name,
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let offset = 0;
        return {
          readEntries: (ok: (entries: EntryLike[]) => void) => {
            const part = children.slice(offset, offset + batch);
            offset += batch;
            ok(part);
          },
        };
      },
    } as EntryLike;
  }

  it('walks nested folders, reading every batch, and skips hidden files in them', async () => {
    const tree = [
      fileEntry('top.png'),
      folder('album', [
        fileEntry('1.png'),
        fileEntry('.DS_Store'),
        fileEntry('2.png'),
        fileEntry('3.png'),
        folder('.git', [fileEntry('object.png')]),
        folder('inner', [fileEntry('4.png')]),
      ]),
    ];
    const files = await walkEntries(tree);
    expect(files.map((file) => file.name)).toEqual(['top.png', '1.png', '2.png', '3.png', '4.png']);
  });

  it('keeps going when an entry cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      name: 'broken.png',
      isFile: true,
      isDirectory: false,
      file: (_ok: unknown, fail: (error: unknown) => void) => fail(new Error('gone')),
    } as EntryLike;
    const files = await walkEntries([broken, fileEntry('ok.png')]);
    expect(files.map((file) => file.name)).toEqual(['ok.png']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('leaves hidden files out of a picked folder', () => {
    const picked = ['album/a.png', 'album/.DS_Store', 'album/.cache/b.png', 'album/sub/c.png'].map(
      (path) => {
        const file = new File(['x'], path.split('/').pop() ?? '', { type: 'image/png' });
        Object.defineProperty(file, 'webkitRelativePath', { value: path });
        return file;
      },
    );
    expect(visibleFolderFiles(picked).map((file) => file.webkitRelativePath)).toEqual([
      'album/a.png',
      'album/sub/c.png',
    ]);
    expect(isHiddenPath('a/./b')).toBe(false);
  });
});

function makeItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: 'u1',
    file_hash: 'h1',
    mediaType: 'image',
    mediaUrl: '/media/u1?exp=1&sig=s',
    thumbnail_url: null,
    poster_url: null,
    file_name: 'a.png',
    size: 10,
    content_type: 'image/png',
    created_at: '2026-01-01T00:00:00Z',
    source: 'user_media',
    sources: ['user_media'],
    usage_count: 1,
    refs: { post_ids: [], attachment_ids: [], file_ids: ['u1'] },
    ...overrides,
  };
}

describe('library pages', () => {
  it('flattens pages without repeating content and removes an item', () => {
    const data: LibraryPages = {
      pages: [
        { results: [makeItem(), makeItem({ id: 'u2', file_hash: 'h2' })], next_cursor: 'c' },
        { results: [makeItem({ id: 'u3', file_hash: 'h2' })], next_cursor: null },
      ],
      pageParams: [null, 'c'],
    };
    expect(flattenLibrary(data).map((item) => item.id)).toEqual(['u1', 'u2']);
    expect(flattenLibrary(removeLibraryItem(data, 'u2')).map((item) => item.id)).toEqual([
      'u1',
      'u3',
    ]);
    expect(flattenLibrary(undefined)).toEqual([]);
  });
});

describe('usageStatusOf', () => {
  it('counts uses in posts and chats, not library copies', () => {
    expect(usageStatusOf(makeItem())).toEqual({ uses: 0, sources: ['user_media'] });
    expect(
      usageStatusOf(
        makeItem({
          source: 'several',
          sources: ['post', 'chat', 'user_media'],
          usage_count: 4,
          refs: { post_ids: [1], attachment_ids: ['u2'], file_ids: ['u1'] },
        }),
      ),
    ).toEqual({ uses: 3, sources: ['post', 'chat', 'user_media'] });
    expect(usageStatusOf(makeItem({ sources: [], source: 'post', usage_count: 2 }))).toEqual({
      uses: 2,
      sources: ['post'],
    });
  });
});

describe('deleting media', () => {
  afterEach(() => vi.restoreAllMocks());

  const several = makeItem({
    refs: { post_ids: [7, 8], attachment_ids: ['a-1'], file_ids: ['f-1'] },
  });

  it('calls every source', () => {
    expect(deletionSources(several)).toEqual([
      { kind: 'post', id: 7 },
      { kind: 'post', id: 8 },
      { kind: 'attachment', id: 'a-1' },
      { kind: 'file', id: 'f-1' },
    ]);
  });

  it('tolerates a failing source when another succeeds, and counts 404 as gone', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: unknown[] = [];
    const result = await deleteMediaItem(several, async (source) => {
      calls.push(source);
      if (source.id === 7) throw new ApiError(500, { detail: 'boom' });
      if (source.id === 8) throw new ApiError(404, { detail: 'Post not found.' });
    });
    expect(calls).toHaveLength(4);
    expect(result).toEqual({ deleted: 3, failed: 1 });
  });

  it("fails with 'Failed to delete from any source' when nothing succeeded", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const attempt = deleteMediaItem(several, async () => {
      throw new ApiError(500, { detail: 'boom' });
    });
    await expect(attempt).rejects.toBeInstanceOf(DeleteMediaError);
    const error = await attempt.catch((caught: unknown) => caught);
    expect(deleteFailureMessage(t, error)).toBe(
      'Failed to delete media: Failed to delete from any source',
    );
  });

  it('shows the detail or the message of other failures', () => {
    expect(deleteFailureMessage(t, new ApiError(403, { detail: 'Not yours.' }))).toBe(
      'Failed to delete media: Not yours.',
    );
    expect(deleteFailureMessage(t, new Error('Network request failed'))).toBe(
      'Failed to delete media: Network request failed',
    );
  });
});

describe('upload failures', () => {
  it('reads detail, error or the first field message', () => {
    expect(
      errorDetail(new ApiError(413, { detail: 'File is too large. Maximum size: 10GB' })),
    ).toBe('File is too large. Maximum size: 10GB');
    expect(errorDetail(new ApiError(400, { file: ['Not a media file.'] }))).toBe(
      'Not a media file.',
    );
    expect(errorDetail(new Error('offline'))).toBe('offline');
  });

  it('builds the spec messages for some and for all files failing', () => {
    expect(
      uploadFailureMessage(t, [
        { name: 'a.png', ok: true },
        { name: 'b.png', ok: false, error: 'too large' },
      ]),
    ).toBe('Failed to upload some files: b.png: too large');
    expect(
      uploadFailureMessage(t, [
        { name: 'a.png', ok: false, error: 'x' },
        { name: 'b.png', ok: false, error: 'y' },
      ]),
    ).toBe('Failed to upload files: a.png: x; b.png: y');
    expect(uploadFailureMessage(t, [{ name: 'a.png', ok: true }])).toBeUndefined();
  });
});

describe('awaitingVariants', () => {
  const now = Date.parse('2026-01-01T00:01:00Z');
  it('waits for a recent image thumbnail or video poster only', () => {
    expect(awaitingVariants([makeItem()], now)).toBe(true);
    expect(awaitingVariants([makeItem({ thumbnail_url: '/media/u1/thumb' })], now)).toBe(false);
    expect(
      awaitingVariants(
        [makeItem({ mediaType: 'video', thumbnail_url: '/t', poster_url: null })],
        now,
      ),
    ).toBe(true);
    expect(awaitingVariants([makeItem({ mediaType: 'audio' })], now)).toBe(false);
    expect(awaitingVariants([makeItem({ created_at: '2025-12-31T00:00:00Z' })], now)).toBe(false);
  });
});
