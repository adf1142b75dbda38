import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { decodeFormFields } from './validation.ts';

describe('decodeFormFields', () => {
  it('decodes JSON fields and keeps other text as sent', () => {
    expect(
      decodeFormFields(
        { tags: '["a","b"]', links: '{"x":"y"}', bio: 'true', username: 'null', note: 'false' },
        ['tags', 'links'],
      ),
    ).toEqual({
      tags: ['a', 'b'],
      links: { x: 'y' },
      bio: 'true',
      username: 'null',
      note: 'false',
    });
  });

  it('reads true, false and null only in the literal fields', () => {
    expect(
      decodeFormFields(
        { show: 'true', hide: 'false', image: 'null', bio: 'null', other: 'yes' },
        [],
        ['show', 'hide', 'image', 'other'],
      ),
    ).toEqual({ show: true, hide: false, image: null, bio: 'null', other: 'yes' });
  });

  it('names every field that is not JSON', () => {
    let caught: unknown;
    try {
      decodeFormFields({ tags: 'a, b', vibes: '[', bio: 'x' }, ['tags', 'vibes']);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).fields).toEqual({
      tags: ['Send this field as JSON.'],
      vibes: ['Send this field as JSON.'],
    });
  });
});
