import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { describeStorageContract } from './storage.contract.ts';

describeStorageContract('local disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-local-storage-'));
  return {
    storage: createLocalStorage(root),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

describe('local disk storage', () => {
  it('has no direct URL: the server streams the bytes itself', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-local-storage-'));
    const storage = createLocalStorage(root);
    await storage.writeBuffer('a/b', Buffer.from('bytes'), 'text/plain');
    const serveAs = { contentType: 'text/plain', contentDisposition: 'inline' };
    expect(await storage.directUrl('a/b', serveAs, 300)).toBeUndefined();
    await storage.close();
    await fs.rm(root, { recursive: true, force: true });
  });
});
