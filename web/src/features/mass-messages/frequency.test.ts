import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { formatNextSend, nextSendAt } from './frequency';

describe('nextSendAt', () => {
  it('reads the moment of a 429 for a mass message sent too soon', () => {
    const body = {
      detail: 'The next one can go out in 40 minutes.',
      next_at: '2026-05-04T10:40:00.000Z',
    };
    expect(nextSendAt(new ApiError(429, body))?.toISOString()).toBe('2026-05-04T10:40:00.000Z');
  });

  it('answers nothing for other errors', () => {
    expect(
      nextSendAt(new ApiError(400, { text: ['Write a message or attach media.'] })),
    ).toBeUndefined();
    expect(nextSendAt(new ApiError(429, { detail: 'Too many requests.' }))).toBeUndefined();
    expect(nextSendAt(new Error('x'))).toBeUndefined();
  });
});

/** Newer ICU puts a narrow no-break space before AM. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatNextSend', () => {
  it('gives the time alone today, and the day too otherwise', () => {
    const now = new Date(2026, 4, 4, 10, 0);
    expect(plain(formatNextSend(new Date(2026, 4, 4, 10, 40), 'en', now))).toBe('10:40 AM');
    expect(plain(formatNextSend(new Date(2026, 4, 5, 9, 5), 'en', now))).toBe(
      'Tue, May 5, 9:05 AM',
    );
  });
});
