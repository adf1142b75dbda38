/**
 * `npm run seed:demo`: adds four demo creators who follow and like each other, with locally
 * generated images and a video, text, image, video and locked posts and one locked profile, and
 * a demo fan who follows, subscribes, tips and messages, all through the platform's own API,
 * and prints their passwords. Safe to run twice: accounts that exist are left as they are.
 */
import pino from 'pino';
import { loadConfig } from '../config/index.ts';
import { withCliDatabase } from '../db/cli-database.ts';
import { startRuntime } from '../runtime.ts';
import { DEMO_CREATORS, DEMO_FAN, DEMO_PASSWORD } from './demo-content.ts';
import { seedDemo, waitForDemoVideos } from './demo-seed.ts';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
  const log = pino({ level: 'warn' });
  await withCliDatabase(config, async (databaseUrl) => {
    const runtime = await startRuntime({ config, databaseUrl, log, logger: false, poolSize: 4 });
    try {
      const lines = await seedDemo({
        app: runtime.app,
        db: runtime.database.db,
        ffmpegPath: config.video.ffmpegPath,
      });
      for (const line of lines) console.log(line);
      console.log('Waiting for the demo video to transcode...');
      const left = await waitForDemoVideos(runtime.database.db, 180_000);
      if (left > 0) console.log(`${left} video(s) still processing; the server finishes them.`);
    } finally {
      await runtime.close();
    }
  });
  console.log(`\nDemo creators sign in with their email and the password: ${DEMO_PASSWORD}`);
  for (const creator of DEMO_CREATORS) {
    const locked = creator.posts
      .filter((p) => p.lockedWith)
      .map((p) => `locked post password "${p.lockedWith}"`);
    if (creator.profilePassword) locked.push(`profile password "${creator.profilePassword}"`);
    console.log(`  ${creator.email}${locked.length ? ` (${locked.join(', ')})` : ''}`);
  }
  console.log(
    `  ${DEMO_FAN.email} (a fan: follows, likes, comments, subscribes, tips and messages)`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
