import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type Secrets = { jwtKey: Uint8Array; urlSigningKey: Uint8Array };

type StoredSecrets = { jwt: string; urlSigning: string };

function fromStored(stored: StoredSecrets): Secrets {
  return {
    jwtKey: new Uint8Array(Buffer.from(stored.jwt, 'base64')),
    urlSigningKey: new Uint8Array(Buffer.from(stored.urlSigning, 'base64')),
  };
}

/**
 * Signing keys. With SECRET_KEY set (several instances share it) both keys derive from it;
 * otherwise they are generated on first start into DATA_DIR/secrets.json (mode 600).
 */
export async function loadSecrets(
  dataDir: string,
  secretKey: string | undefined,
): Promise<Secrets> {
  if (secretKey) {
    const derive = (label: string) =>
      new Uint8Array(createHmac('sha256', secretKey).update(label).digest());
    return { jwtKey: derive('jwt'), urlSigningKey: derive('url-signing') };
  }
  const file = path.join(dataDir, 'secrets.json');
  const generated: StoredSecrets = {
    jwt: randomBytes(32).toString('base64'),
    urlSigning: randomBytes(32).toString('base64'),
  };
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so a second instance on the same DATA_DIR keeps the first's keys.
    await fs.writeFile(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fromStored(JSON.parse(await fs.readFile(file, 'utf8')) as StoredSecrets);
}

/**
 * The key that marks gated images per recipient (issue 35), derived from the URL-signing key
 * so that every instance of a deployment (one SECRET_KEY or one secrets.json) marks and traces
 * alike, yet neither key tells the other.
 */
export function markingKeyOf(secrets: Secrets): Buffer {
  return createHmac('sha256', secrets.urlSigningKey).update('media-marks').digest();
}
