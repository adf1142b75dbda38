import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson } from '../../../test/auth.ts';
import { users } from '../../db/schema/index.ts';
import { CHEAP_TEST_HASHING, PRODUCTION_HASHING } from '../../lib/passwords.ts';

/**
 * Every other test server hashes with Argon2's floor (PASSWORD_HASHING=cheap-for-tests in
 * server/test/app.ts); this file checks what a real server does. The parameters are a
 * process-wide setting, so each describe starts its own server after the last one closed.
 */
const PASSWORD = 'correct horse battery';
let counter = 0;

/** Argon2's encoded prefix: the algorithm and the parameters a hash was made with. */
const prefix = (p: { memoryCost: number; timeCost: number; parallelism: number }) =>
  `$argon2id$v=19$m=${p.memoryCost},t=${p.timeCost},p=${p.parallelism}$`;

async function signUp(t: TestApp): Promise<{ email: string; storedHash: string }> {
  counter += 1;
  const username = `hashing_${counter}`;
  const email = `${username}@example.com`;
  const res = await postJson(t, '/api/auth/signup/', {
    username,
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error('signed-up user not stored');
  return { email, storedHash: row.passwordHash };
}

/** A user whose stored hash was made elsewhere, with `params` (an older server, say). */
async function userHashedWith(
  t: TestApp,
  params: typeof PRODUCTION_HASHING | typeof CHEAP_TEST_HASHING,
) {
  const email = `made_${(counter += 1)}@example.com`;
  await t.db.insert(users).values({
    username: `made_${counter}`,
    email,
    passwordHash: await hash(PASSWORD, params),
    emailVerifiedAt: new Date(),
  });
  return email;
}

describe('a server without PASSWORD_HASHING (production)', () => {
  let t: TestApp;
  // '' is unset for the configuration: the default a production server starts with.
  beforeAll(async () => (t = await buildTestApp({ PASSWORD_HASHING: '' })));
  afterAll(() => t.close());

  it('hashes a new password with Argon2id at 19 MiB, 2 passes (OWASP)', async () => {
    const { storedHash } = await signUp(t);
    expect(storedHash.startsWith(prefix(PRODUCTION_HASHING)), storedHash).toBe(true);
    expect(PRODUCTION_HASHING).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('signs in a user whose hash was made with the cheap parameters', async () => {
    const email = await userHashedWith(t, CHEAP_TEST_HASHING);
    expect((await login(t, email, PASSWORD)).access).toBeTruthy();
  });
});

describe('a test server (PASSWORD_HASHING=cheap-for-tests)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await buildTestApp()));
  afterAll(() => t.close());

  it("hashes a new password with Argon2's floor", async () => {
    const { storedHash } = await signUp(t);
    expect(storedHash.startsWith(prefix(CHEAP_TEST_HASHING)), storedHash).toBe(true);
  });

  it('signs in a user whose hash was made with the production parameters', async () => {
    const email = await userHashedWith(t, PRODUCTION_HASHING);
    expect((await login(t, email, PASSWORD)).access).toBeTruthy();
    const wrong = await postJson(t, '/api/auth/token/', { email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
  });
});
