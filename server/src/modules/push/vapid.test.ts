import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys } from './vapid.ts';

const config = {
  vapidKeys: undefined,
  subject: 'mailto:ops@example.com',
  allowLoopbackHttp: false,
};

/** Keys web-push accepts and signs with: a P-256 point and scalar of the right sizes. */
function expectUsable(keys: { publicKey: string; privateKey: string }) {
  expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
  expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
  const headers = webPush.getVapidHeaders(
    'https://push.example.com',
    config.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
  );
  expect(headers.Authorization).toContain(`k=${keys.publicKey}`);
}

describe('loadVapidKeys', () => {
  it('generates keys into DATA_DIR at first start (mode 0600) and keeps them', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-vapid-'));
    const first = await loadVapidKeys(config, dir, undefined);
    expectUsable(first);
    expect((await fs.stat(path.join(dir, 'vapid.json'))).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys(config, dir, undefined)).toEqual(first);
    await fs.rm(dir, { recursive: true });
  });

  it('derives the same keys from the same SECRET_KEY on every instance, writing nothing', async () => {
    const dir = path.join(os.tmpdir(), 'zura-vapid-never-written');
    const secret = 'x'.repeat(40);
    const keys = await loadVapidKeys(config, dir, secret);
    expectUsable(keys);
    expect(await loadVapidKeys(config, dir, secret)).toEqual(keys);
    expect(await loadVapidKeys(config, dir, 'y'.repeat(40))).not.toEqual(keys);
    await expect(fs.stat(dir)).rejects.toThrow();
  });

  it('takes VAPID_* keys as they are', async () => {
    const given = webPush.generateVAPIDKeys();
    expect(
      await loadVapidKeys({ ...config, vapidKeys: given }, '/nonexistent', 'z'.repeat(40)),
    ).toEqual(given);
  });
});
