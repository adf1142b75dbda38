import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { decodeFormFields, jsonId, pathId, pathUserKey, queryInteger } from './validation.ts';

describe('decodeFormFields', () => {
  it('decodes JSON fields and keeps other text as sent', () => {
    expect(
      decodeFormFields(
        { tags: '["a","b"]', links: '{"x":"y"}', bio: 'true', username: 'null', note: 'false' },
        ['tags', 'links'],
      ),
    ).toMatchObject({
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
    expect((caught as ValidationError).fields).toMatchObject({
      tags: ['Send this field as JSON.'],
      vibes: ['Send this field as JSON.'],
    });
  });
});

describe('jsonId', () => {
  const schema = jsonId('creator_id', 'Choose a creator.');

  it('takes a JSON integer above 0', () => {
    expect(schema.parse(7)).toBe(7);
    expect(schema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers its own message when the id is missing', () => {
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([
      'Choose a creator.',
    ]);
  });

  it.each([['7'], [true], [false], [[7]], [null], [1.5], [0], [-1], [2 ** 53], [{}]])(
    'refuses %j, naming the field',
    (value) => {
      expect(schema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
        'creator_id must be an id: a whole number above 0.',
      ]);
    },
  );
});

describe('pathId', () => {
  const schema = pathId('Not a valid post id.');

  it('reads decimal digits', () => {
    expect(schema.parse('42')).toBe(42);
  });

  it.each(['', '0', '-1', '+1', '01', '1e2', '0x1', '1.0', ' 1', '9007199254740992', 'abc'])(
    'refuses "%s"',
    (value) => {
      expect(schema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
        'Not a valid post id.',
      ]);
    },
  );
});

describe('pathUserKey', () => {
  const schema = pathUserKey();
  const messages = (value: string) => schema.safeParse(value).error?.issues.map((i) => i.message);

  it('reads digits as the id, and any other text as a username', () => {
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse('ana_99')).toBe('ana_99');
    expect(schema.parse('1.0')).toBe('1.0');
  });

  it.each(['0', '01', '0042', '9007199254740992', '9'.repeat(20)])(
    'refuses the id "%s" as not an id, never looking it up as a username',
    (value) => {
      expect(messages(value)).toEqual(['Not a valid user id.']);
    },
  );

  it.each(['', 'x'.repeat(65)])('refuses "%s" as not a username', (value) => {
    expect(messages(value)).toEqual(['Not a valid username.']);
  });
});

describe('queryInteger', () => {
  const schema = queryInteger('limit', 1, 50);

  it('reads decimal digits within its bounds', () => {
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse('50')).toBe(50);
  });

  it.each([
    ['', 'limit must be a whole number.'],
    ['1e1', 'limit must be a whole number.'],
    ['-1', 'limit must be at least 1.'],
    ['007', 'limit must be a whole number.'],
    ['-0', 'limit must be a whole number.'],
    [['1', '2'], 'limit must be a whole number.'],
    ['0', 'limit must be at least 1.'],
    ['51', 'limit must be at most 50.'],
  ])('refuses %j: %s', (value, message) => {
    expect(schema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
