import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_MENTIONS,
  commentContent,
  commentPieces,
  mentionedUsernames,
} from './comments.ts';

describe('mentions in a comment', () => {
  it('splits the text into text and @username pieces', () => {
    expect(commentPieces('hi @luna_1, see @Max-2! mail@example.com @ok')).toEqual([
      { text: 'hi ' },
      { mention: 'luna_1' },
      { text: ', see ' },
      { mention: 'Max-2' },
      // An address is no mention, nor a name shorter than a username can be.
      { text: '! mail@example.com @ok' },
    ]);
    expect(commentPieces('@start')).toEqual([{ mention: 'start' }]);
  });

  it('names each user once, in lower case, never an id, at most the limit', () => {
    expect(mentionedUsernames('@Luna @luna @12345 @max')).toEqual(['luna', 'max']);
    const many = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedUsernames(many)).toHaveLength(COMMENT_MAX_MENTIONS);
  });
});

describe('comment text', () => {
  it('is trimmed, not blank, and at most the limit', () => {
    expect(commentContent.parse('  hi ')).toBe('hi');
    expect(commentContent.safeParse(' \n ').success).toBe(false);
    expect(commentContent.safeParse('x'.repeat(COMMENT_MAX_LENGTH)).success).toBe(true);
    expect(commentContent.safeParse('x'.repeat(COMMENT_MAX_LENGTH + 1)).success).toBe(false);
  });
});
