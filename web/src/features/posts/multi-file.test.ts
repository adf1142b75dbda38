import { MAX_POST_FILES } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { formDataOf } from '@zura/contracts/form-data';
import { newPostFields } from './api';
import { shouldLoadSlide, slideAfterSwipe } from './carousel';
import { fittingFiles, isPostableFile, moveFile, perFileProgress } from './picked-files';

describe('picking files for a post', () => {
  it('takes images and videos only', () => {
    expect(isPostableFile({ type: 'image/heic' })).toBe(true);
    expect(isPostableFile({ type: 'video/quicktime' })).toBe(true);
    expect(isPostableFile({ type: 'application/pdf' })).toBe(false);
    expect(isPostableFile({ type: '' })).toBe(false);
  });

  it(`keeps the first files up to ${MAX_POST_FILES} and counts the rest`, () => {
    expect(fittingFiles(18, ['a', 'b', 'c', 'd'])).toEqual({ taken: ['a', 'b'], left: 2 });
    expect(fittingFiles(0, ['a'])).toEqual({ taken: ['a'], left: 0 });
    expect(fittingFiles(MAX_POST_FILES, ['a'])).toEqual({ taken: [], left: 1 });
  });

  it('moves a file one place either way, and not past the ends', () => {
    expect(moveFile(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveFile(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveFile(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveFile(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('splits the progress of one body over its files in order', () => {
    expect(perFileProgress([100, 300], 0)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 0.125)).toEqual([0.5, 0]);
    expect(perFileProgress([100, 300], 0.5)).toEqual([1, 1 / 3]);
    expect(perFileProgress([100, 300], 1)).toEqual([1, 1]);
  });

  it('sends every file in order, and names the type only for a single file', () => {
    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.mp4', { type: 'video/mp4' }),
      new File(['c'], 'c.jpg', { type: 'image/jpeg' }),
    ];
    const form = formDataOf(
      newPostFields({ content: '', isLocked: false, password: '', media: files }),
    );
    expect(form.getAll('media').map((file) => (file as File).name)).toEqual([
      'a.png',
      'b.mp4',
      'c.jpg',
    ]);
    expect(form.get('media_type')).toBeNull();
    expect(form.get('content')).toBe('Posted an image');
  });
});

describe('the carousel', () => {
  it('turns on a sideways drag past the threshold, not on a vertical one', () => {
    expect(slideAfterSwipe(1, -60, 5, 40)).toBe(2);
    expect(slideAfterSwipe(1, 60, 5, 40)).toBe(0);
    expect(slideAfterSwipe(1, -30, 0, 40)).toBe(1);
    expect(slideAfterSwipe(1, -60, 80, 40)).toBe(1);
  });

  it('loads the shown image, its neighbours and those already reached', () => {
    const loaded = (index: number, reached: number) =>
      [0, 1, 2, 3, 4].filter((position) => shouldLoadSlide(position, index, reached));
    expect(loaded(0, 1)).toEqual([0, 1]);
    expect(loaded(2, 3)).toEqual([0, 1, 2, 3]);
    expect(loaded(0, 4)).toEqual([0, 1, 2, 3]);
  });
});
