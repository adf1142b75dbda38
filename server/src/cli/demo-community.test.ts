import { describe, expect, it } from 'vitest';
import { interleave } from './demo-community.ts';

describe('interleave', () => {
  it('takes one of each list in turn until all are used', () => {
    expect(interleave([[1, 2, 3], [4], [5, 6]])).toEqual([1, 4, 5, 2, 6, 3]);
  });

  it('answers nothing for no lists or empty ones', () => {
    expect(interleave([])).toEqual([]);
    expect(interleave([[], []])).toEqual([]);
  });
});
