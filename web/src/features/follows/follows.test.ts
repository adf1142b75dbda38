import { describe, expect, it } from 'vitest';
import { patchFollow, patchFollowIn } from './api';
import { parseTopics, toggleTopic, topicsStorageKey } from './topics';

describe('patchFollow', () => {
  it('moves the count by one while the answer is on its way', () => {
    expect(patchFollow({ is_following: false, followers: 9 }, { following: true })).toEqual({
      is_following: true,
      followers: 10,
    });
    expect(patchFollow({ is_following: true, followers: 0 }, { following: false })).toEqual({
      is_following: false,
      followers: 0,
    });
  });

  it('does not count twice when the state does not change', () => {
    expect(patchFollow({ is_following: true, followers: 5 }, { following: true })).toEqual({
      is_following: true,
      followers: 5,
    });
  });

  it("takes the server's real count", () => {
    expect(
      patchFollow({ is_following: true, followers: 10 }, { following: true, followers: 42 }),
    ).toEqual({ is_following: true, followers: 42 });
  });

  it('leaves an unknown count unknown (locked profiles)', () => {
    expect(patchFollow({ is_following: false }, { following: true })).toEqual({
      is_following: true,
      followers: undefined,
    });
  });

  it('patches only the matching user of a list, by id or userId', () => {
    const list = [
      { id: 1, userId: 1, followers: 1, is_following: false },
      { id: 2, userId: 2, followers: 2, is_following: false },
    ];
    expect(patchFollowIn(list, 2, { following: true, followers: 3 })).toEqual([
      list[0],
      { id: 2, userId: 2, followers: 3, is_following: true },
    ]);
  });
});

describe('followed topics', () => {
  it('keys the storage per user', () => {
    expect(topicsStorageKey(7)).toBe('zura-followed-topics:7');
  });

  it('reads only lists of strings', () => {
    expect(parseTopics(null)).toEqual([]);
    expect(parseTopics('not json')).toEqual([]);
    expect(parseTopics('{"a":1}')).toEqual([]);
    expect(parseTopics('["travel",3,"fitness"]')).toEqual(['travel', 'fitness']);
  });

  it('adds and removes a topic once', () => {
    expect(toggleTopic(['travel'], 'fitness', true)).toEqual(['travel', 'fitness']);
    expect(toggleTopic(['travel'], 'travel', true)).toEqual(['travel']);
    expect(toggleTopic(['travel', 'fitness'], 'travel', false)).toEqual(['fitness']);
  });
});
