/**
 * The advisory password strength meter of the spec (section 5), as a pure function.
 *
 * - Length 12 or more adds 25; length 8 to 11 adds 15.
 * - Uppercase, lowercase, digit and special character add 15 each.
 * - 8 or more distinct characters add 15; 6 or 7 add 10.
 * - A common sequence, a keyboard pattern or 3 identical characters in a row cap the score at 10.
 * - Below 12 characters the score is capped at 49.
 * - Labels: 90+ Very Strong, 70+ Strong, 50+ Moderate, 30+ Weak, otherwise Very Weak.
 *
 * The spec does not list the sequences; ours: 3 consecutive digits up or down (123, 987),
 * 4 consecutive letters up or down (abcd, zyxw; 3 would flag ordinary words like "first"),
 * and 4 neighbouring keys of a keyboard row, either direction (qwer, lkjh, 7890).
 */

export type StrengthLabel = 'veryWeak' | 'weak' | 'moderate' | 'strong' | 'veryStrong';

type StrengthTip =
  'length' | 'pattern' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'unique';

export interface PasswordStrength {
  /** 0 to 100. */
  score: number;
  label: StrengthLabel;
  /** What would raise the score, most useful first; at most MAX_STRENGTH_TIPS. */
  tips: StrengthTip[];
}

export const MAX_STRENGTH_TIPS = 3;
const WEAK_PATTERN_CAP = 10;
const SHORT_PASSWORD_CAP = 49;

const STRONG_LENGTH = 12;
const FAIR_LENGTH = 8;
const DIGIT_RUN = 3;
const LETTER_RUN = 4;
const KEYBOARD_RUN = 4;
const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

const UPPERCASE = /\p{Lu}/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{L}\p{N}]/u;
const THREE_IDENTICAL = /(.)\1\1/su;

function hasRun(chars: string[], length: number, isMember: (c: string) => boolean): boolean {
  for (let start = 0; start + length <= chars.length; start += 1) {
    const window = chars.slice(start, start + length);
    if (!window.every(isMember)) continue;
    const codes = window.map((c) => c.toLowerCase().charCodeAt(0));
    const step = (codes[1] ?? 0) - (codes[0] ?? 0);
    if (step !== 1 && step !== -1) continue;
    if (codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step)) return true;
  }
  return false;
}

function hasKeyboardPattern(password: string): boolean {
  const lower = password.toLowerCase();
  return KEYBOARD_ROWS.some((row) => {
    const reversed = [...row].reverse().join('');
    for (let i = 0; i + KEYBOARD_RUN <= row.length; i += 1) {
      if (lower.includes(row.slice(i, i + KEYBOARD_RUN))) return true;
      if (lower.includes(reversed.slice(i, i + KEYBOARD_RUN))) return true;
    }
    return false;
  });
}

/** Common sequences, keyboard patterns or three identical characters in a row. */
export function hasWeakPattern(password: string): boolean {
  const chars = [...password];
  return (
    THREE_IDENTICAL.test(password) ||
    hasRun(chars, DIGIT_RUN, (c) => /^[0-9]$/.test(c)) ||
    hasRun(chars, LETTER_RUN, (c) => /^[a-z]$/i.test(c)) ||
    hasKeyboardPattern(password)
  );
}

export function strengthLabel(score: number): StrengthLabel {
  if (score >= 90) return 'veryStrong';
  if (score >= 70) return 'strong';
  if (score >= 50) return 'moderate';
  if (score >= 30) return 'weak';
  return 'veryWeak';
}

export function evaluatePasswordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  const distinct = new Set(password).size;
  const weakPattern = hasWeakPattern(password);
  const classes = {
    uppercase: UPPERCASE.test(password),
    lowercase: LOWERCASE.test(password),
    number: DIGIT.test(password),
    special: SPECIAL.test(password),
  };

  let score = 0;
  if (length >= STRONG_LENGTH) score += 25;
  else if (length >= FAIR_LENGTH) score += 15;
  for (const present of Object.values(classes)) if (present) score += 15;
  if (distinct >= 8) score += 15;
  else if (distinct >= 6) score += 10;
  if (weakPattern) score = Math.min(score, WEAK_PATTERN_CAP);
  if (length < STRONG_LENGTH) score = Math.min(score, SHORT_PASSWORD_CAP);

  const tips: StrengthTip[] = [];
  if (length < STRONG_LENGTH) tips.push('length');
  if (weakPattern) tips.push('pattern');
  if (!classes.uppercase) tips.push('uppercase');
  if (!classes.lowercase) tips.push('lowercase');
  if (!classes.number) tips.push('number');
  if (!classes.special) tips.push('special');
  if (distinct < 8) tips.push('unique');

  return { score, label: strengthLabel(score), tips: tips.slice(0, MAX_STRENGTH_TIPS) };
}
