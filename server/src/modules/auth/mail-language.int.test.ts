import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { postJson } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The mail as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decoded(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    );
}

describe('mails in the recipient’s language', () => {
  it('sends the password reset link in Italian to a user who saved Italiano', async () => {
    const user = await buildUser(t);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/auth/settings/',
      token: user.access,
      payload: { language: 'it' },
    });
    expect(saved.statusCode).toBe(200);

    const asked = await postJson(t, '/api/auth/password-reset/', { email: user.email });
    expect(asked.statusCode).toBe(200);

    const mail = decoded(await t.waitForMail(user.email, 'Reimposta la tua password'));
    expect(mail).toContain(`Ciao ${user.username},`);
    expect(mail).toContain('Il link è valido per 1 ora e funziona una sola volta.');
    expect(mail).toContain('<html lang="it">');
    expect(mail).not.toContain('Reset your password');
  });

  it('sends English to a user who never saved a language', async () => {
    const user = await buildUser(t);
    await postJson(t, '/api/auth/password-reset/', { email: user.email });
    const mail = decoded(await t.waitForMail(user.email, 'Reset your password'));
    expect(mail).toContain(`Hi ${user.username},`);
    expect(mail).toContain('<html lang="en">');
  });
});
