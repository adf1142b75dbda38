import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** One password attempt at something locked, e.g. `(password) => unlock(viewer, post, password)`. */
export type Attempt = (password: string) => Promise<LightMyRequestResponse>;

/** `count` wrong passwords, each answered 400 'Incorrect password'. */
export async function wrongGuesses(attempt: Attempt, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await attempt(`wrong guess ${i}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Incorrect password' });
  }
}

/** Wrong passwords until the answer is 429; fails the test if that never comes. */
export async function guessUntilRefused(attempt: Attempt) {
  for (let i = 0; i < 100; i++) {
    const res = await attempt(`wrong guess ${i}`);
    if (res.statusCode === 429) return;
    expect(res.statusCode).toBe(400);
  }
  throw new Error('The guesses were never refused');
}
