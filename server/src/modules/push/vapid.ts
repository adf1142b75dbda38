import { createECDH, createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import type { PushConfig } from '../../config/index.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** The P-256 public key (uncompressed point, base64url) of a private key. */
function publicKeyOf(privateKey: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The keys this deployment signs pushes with. A browser's subscription is bound to the public
 * key, so every instance must use the same one and it must never change: `VAPID_*` when set;
 * else derived from SECRET_KEY (which several instances share); else generated at first start
 * into `DATA_DIR/vapid.json` (mode 0600) and kept.
 */
export async function loadVapidKeys(
  config: PushConfig,
  dataDir: string,
  secretKey: string | undefined,
): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  if (secretKey) {
    const privateKey = createHmac('sha256', secretKey).update('vapid').digest();
    return { publicKey: publicKeyOf(privateKey), privateKey: privateKey.toString('base64url') };
  }
  const file = path.join(dataDir, 'vapid.json');
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so a second start keeps the first's keys.
    await fs.writeFile(file, JSON.stringify(webPush.generateVAPIDKeys()), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(await fs.readFile(file, 'utf8')) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
