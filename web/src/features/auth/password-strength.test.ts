import { describe, expect, it } from 'vitest';
import {
  MAX_STRENGTH_TIPS,
  evaluatePasswordStrength,
  hasWeakPattern,
  strengthLabel,
} from './password-strength';

const score = (password: string) => evaluatePasswordStrength(password).score;

// Base strings chosen with no sequence, keyboard run or triple: "kxmqzwtrjplv" etc.
describe('length', () => {
  it('adds nothing below 8 characters', () => {
    expect(score('kxm')).toBe(15); // lowercase only
  });

  it('adds 15 for 8 to 11 characters', () => {
    expect(score('kxmqzwtr')).toBe(15 + 15 + 15); // length, lowercase, 8 distinct
    expect(score('kxmqzwtrjpl')).toBe(45);
  });

  it('adds 25 for 12 or more characters', () => {
    expect(score('kxmqzwtrjplv')).toBe(25 + 15 + 15);
  });
});

describe('character classes', () => {
  const base = 'kxmqzwtrjplv'; // 12 lowercase, 12 distinct: 25 + 15 + 15 = 55

  it('adds 15 for uppercase', () => {
    expect(score(`K${base.slice(1)}`)).toBe(70);
  });

  it('adds 15 for lowercase', () => {
    expect(score('KXMQZWTRJPLV')).toBe(55);
  });

  it('adds 15 for a digit', () => {
    expect(score(`${base.slice(0, 11)}7`)).toBe(70);
  });

  it('adds 15 for a special character', () => {
    expect(score(`${base.slice(0, 11)}!`)).toBe(70);
    expect(score(`${base.slice(0, 11)} `)).toBe(70);
  });

  it('reaches 100 with all four classes', () => {
    expect(score('Kxmqzwtrj!7v')).toBe(100);
  });
});

describe('distinct characters', () => {
  it('adds 15 for 8 or more', () => {
    expect(score('kxmqzwtrkxmq')).toBe(25 + 15 + 15);
  });

  it('adds 10 for 6 or 7', () => {
    expect(score('kxmqzwkxmqzw')).toBe(25 + 15 + 10); // 6 distinct
    expect(score('kxmqzwtkxmqz')).toBe(25 + 15 + 10); // 7 distinct
  });

  it('adds nothing for 5 or fewer', () => {
    expect(score('kxmqzkxmqzkx')).toBe(25 + 15);
  });
});

describe('weak patterns cap the score at 10', () => {
  it.each([
    ['ascending digits', 'Kxmq!7zw123t'],
    ['descending digits', 'Kxmq!7zw321t'],
    ['ascending letters', 'Kx!7abcdzwmq'],
    ['descending letters', 'Kx!7dcbazwmq'],
    ['keyboard row', 'Kx!7qwertmzp'],
    ['keyboard row backwards', 'Kx!7lkjhmzpw'],
    ['keyboard digits with zero', 'Kx!q7890mzpw'],
    ['three identical characters', 'Kx!7aaazwmqp'],
  ])('%s', (_name, password) => {
    expect(hasWeakPattern(password)).toBe(true);
    expect(score(password)).toBe(10);
  });

  it('does not flag ordinary text', () => {
    expect(hasWeakPattern('Kxmqzwtrj!7v')).toBe(false);
    expect(hasWeakPattern('first-student')).toBe(false); // 3-letter runs are allowed
    expect(hasWeakPattern('aabbcc')).toBe(false); // pairs are fine
    expect(hasWeakPattern('135')).toBe(false);
  });

  it('keeps a lower score below the cap', () => {
    expect(score('aaa')).toBe(10);
    expect(score('111')).toBe(10);
  });
});

describe('short passwords', () => {
  it('caps below 12 characters at 49', () => {
    // 10 chars, all classes, 10 distinct: 15 + 60 + 15 = 90 before the cap.
    expect(score('Kxmq!7zwtr')).toBe(49);
    expect(evaluatePasswordStrength('Kxmq!7zwtr').label).toBe('weak');
  });

  it('lets 12 characters through uncapped', () => {
    expect(score('Kxmq!7zwtrjp')).toBe(100);
  });
});

describe('labels', () => {
  it.each([
    [100, 'veryStrong'],
    [90, 'veryStrong'],
    [89, 'strong'],
    [70, 'strong'],
    [69, 'moderate'],
    [50, 'moderate'],
    [49, 'weak'],
    [30, 'weak'],
    [29, 'veryWeak'],
    [0, 'veryWeak'],
  ] as const)('%i is %s', (value, label) => {
    expect(strengthLabel(value)).toBe(label);
  });

  it('labels evaluated passwords', () => {
    expect(evaluatePasswordStrength('').label).toBe('veryWeak');
    expect(evaluatePasswordStrength('kxmqzwtrjplv').label).toBe('moderate');
    expect(evaluatePasswordStrength('Kxmqzwtrjplv').label).toBe('strong');
    expect(evaluatePasswordStrength('Kxmqzwtrj!7v').label).toBe('veryStrong');
  });
});

describe('tips', () => {
  it('gives at most three, most useful first', () => {
    const { tips } = evaluatePasswordStrength('aaa');
    expect(tips).toHaveLength(MAX_STRENGTH_TIPS);
    expect(tips).toEqual(['length', 'pattern', 'uppercase']);
  });

  it('names the missing classes', () => {
    expect(evaluatePasswordStrength('kxmqzwtrjplv').tips).toEqual([
      'uppercase',
      'number',
      'special',
    ]);
    expect(evaluatePasswordStrength('Kxmqzwtrjpl!').tips).toEqual(['number']);
  });

  it('asks for more distinct characters', () => {
    expect(evaluatePasswordStrength('Kx!7Kx!7Kx!7').tips).toEqual(['unique']);
  });

  it('gives none for a very strong password', () => {
    expect(evaluatePasswordStrength('Kxmqzwtrj!7v').tips).toEqual([]);
  });
});
