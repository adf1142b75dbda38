import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildUser } from '../../../test/factories.ts';
import { sendAs } from '../../../test/mass-messages.ts';

/**
 * Muting someone's mass messages names them by id or username: a user in a block with the
 * caller, either way, is answered as one who does not exist, on every method.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const muteUrl = (target: number | string) => `/api/auth/users/${target}/mute/`;
const get = (token: string, target: number | string) =>
  t.request({ method: 'GET', url: muteUrl(target), token });

describe('muting a user in a block', () => {
  it.each([
    ['the caller blocked the creator', 'caller'],
    ['the creator blocked the caller', 'creator'],
  ])('answers 404 as for a missing user when %s', async (_, blocker) => {
    const fan = await buildUser(t);
    const creator = await buildUser(t, { isCreator: true });
    const missing = await get(fan.access, 999_999_999);
    expect(missing.statusCode).toBe(404);
    expect((await get(fan.access, creator.id)).statusCode).toBe(200);

    if (blocker === 'caller') await block(t, fan, creator);
    else await block(t, creator, fan);

    for (const target of [creator.id, creator.username]) {
      const state = await get(fan.access, target);
      expect(state.statusCode).toBe(404);
      expect(state.json()).toMatchObject(missing.json());
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await sendAs(t, fan, method, muteUrl(target));
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toMatchObject(missing.json());
      }
    }
  });
});
