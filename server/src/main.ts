import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { startRuntime } from './runtime.ts';
import { StorageSelfTestError } from './storage/self-test.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const log = pino({ level: config.logLevel });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
      info: (msg) => log.info(msg),
      warn: (msg) => log.warn(msg),
    });
    databaseUrl = embedded.url;
  }

  const runtime = await startRuntime({ config, databaseUrl, log, fillPool: true }).catch(
    async (error: unknown) => {
      await embedded?.stop();
      throw error;
    },
  );

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await runtime.close();
    await embedded?.stop();
  });

  try {
    await runtime.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The port is taken, say: stop what already started instead of leaving it running.
    await runtime.close();
    await embedded?.stop();
    throw error;
  }
  log.info(
    {
      url: config.publicUrl,
      database: embedded ? 'embedded' : 'external',
      media: config.s3 ? `s3://${config.s3.bucket}` : 'local disk',
      ms: Math.round(performance.now() - startedAt),
    },
    `Zura is ready at ${config.publicUrl}`,
  );
  if (!config.secretKey && (config.redisUrl || config.s3)) {
    // Shared Redis or a bucket means several instances, and each would otherwise sign with the
    // keys generated into its own DATA_DIR: tokens and media links of one refused by another.
    log.warn(
      'SECRET_KEY is not set: this instance signs with the keys in its DATA_DIR/secrets.json. Every instance behind one address needs the same keys: set one SECRET_KEY on all of them (or give each the same secrets.json).',
    );
  }
}

main().catch((error: unknown) => {
  // The self-test's message says all an operator needs; a stack trace would bury it.
  console.error(error instanceof StorageSelfTestError ? error.message : error);
  process.exit(1);
});
