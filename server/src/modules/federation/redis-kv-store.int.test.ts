import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { describeKvStore } from './kv-store-contract.ts';
import { createRedisKvStore } from './redis-kv-store.ts';

/**
 * Fedify's key-value store on Redis (with REDIS_URL), held to the same contract as the
 * PostgreSQL one. CI sets TEST_REDIS_URL (redis://127.0.0.1:6379); this runs only then. Each
 * run has its own namespace, so tests sharing that Redis never see each other's keys.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Fedify on Redis', () => {
  const namespace = `zura-test:${randomUUID()}:`;
  const clients: Redis[] = [];
  const store = () => {
    const client = new Redis(redisUrl as string, { maxRetriesPerRequest: 2 });
    clients.push(client);
    return createRedisKvStore(client, { namespace });
  };

  afterAll(async () => {
    const [first] = clients;
    if (first) {
      const keys = await first.keys(`${namespace}*`);
      if (keys.length > 0) await first.del(...keys);
    }
    for (const client of clients) client.disconnect();
  });

  describeKvStore('the key-value store on Redis', () => ({
    kv: store(),
    other: store(),
    another: store,
  }));
});
