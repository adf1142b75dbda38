import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get } from '../../test/economy.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  // The command must not fall back to an embedded database or touch a real data directory.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-admin-cli-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const SCRIPT = path.join(import.meta.dirname, 'admin-create.ts');

/** Runs `node admin-create.ts ...args` against the test app's database. */
function adminCreate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      {
        env: { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir },
        timeout: 25_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function isAdmin(user: TestUser): Promise<boolean> {
  const { rows } = await t.pool.query<{ is_admin: boolean }>(
    'SELECT is_admin FROM users WHERE id = $1',
    [user.id],
  );
  return rows[0]?.is_admin === true;
}

const adminCount = async () =>
  (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_admin')).rows[0]
    ?.n;

describe('npm run admin:create -- --email ...', () => {
  it('makes the account with that email an admin, whatever the letter case', async () => {
    const user = await buildUser(t);
    const bystander = await buildUser(t);
    expect((await get(t, user, '/api/admin/creator-applications/')).statusCode).toBe(404);

    const run = await adminCreate(['--email', `  ${user.email.toUpperCase()} `]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${user.username} (${user.email.toUpperCase()}) is now an admin.`);

    expect(await isAdmin(user)).toBe(true);
    expect(await isAdmin(bystander)).toBe(false);
    // The role works at once, with the token the user already holds.
    expect((await get(t, user, '/api/admin/creator-applications/')).statusCode).toBe(200);
    expect((await get(t, user, '/api/auth/profile/')).json()).toMatchObject({ is_admin: true });

    // Running it again is harmless.
    expect((await adminCreate([`--email=${user.email}`])).code).toBe(0);
    expect(await isAdmin(user)).toBe(true);
  });

  it('exits 1 with a message for an email no account has, and changes nobody', async () => {
    await buildUser(t);
    const admins = await adminCount();
    const run = await adminCreate(['--email', 'nobody-here@example.com']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'No account with the email nobody-here@example.com. Sign up first, then run this again.',
    );
    expect(run.stdout).toBe('');
    expect(await adminCount()).toBe(admins);
  });

  it.each([
    ['no --email', []],
    ['a blank --email', ['--email', '   ']],
  ])('exits 2 with the usage for %s', async (_, args) => {
    const admins = await adminCount();
    const run = await adminCreate(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run admin:create -- --email someone@example.com');
    expect(await adminCount()).toBe(admins);
  });
});
