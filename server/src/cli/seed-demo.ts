/**
 * `npm run seed:demo`: adds a few demo creators with locally generated images, text, image and
 * locked posts and one locked profile, through the platform's own API, and prints their
 * passwords. Safe to run twice: creators that exist are left as they are.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../config/index.ts';
import { withCliDatabase } from '../db/cli-database.ts';
import { users } from '../db/schema/index.ts';
import { startRuntime } from '../runtime.ts';
import { DEMO_CREATORS, DEMO_PASSWORD, demoImage, type DemoCreator } from './demo-content.ts';

async function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }),
      file.filename,
    );
  const request = new Request('http://seed.local', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  body?: unknown,
) {
  const form =
    body && typeof body === 'object' && 'payload' in body
      ? (body as { payload: Buffer; contentType: string })
      : undefined;
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? { 'content-type': (body as { contentType: string }).contentType } : {}),
    },
    ...(body === undefined ? {} : { payload: form ? form.payload : (body as object) }),
  });
  if (response.statusCode >= 400)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as Record<string, unknown>;
}

async function seedCreator(app: FastifyInstance, creator: DemoCreator, index: number) {
  await call(app, 'POST', '/api/auth/signup/', undefined, {
    username: creator.username,
    email: creator.email,
    password: DEMO_PASSWORD,
    password_confirm: DEMO_PASSWORD,
  });
  const { access } = (await call(app, 'POST', '/api/auth/token/', undefined, {
    email: creator.email,
    password: DEMO_PASSWORD,
  })) as { access: string };
  const upload = async (context: string, width: number, height: number, seed: number) => {
    const bytes = await demoImage(creator.colors, width, height, seed);
    const body = await multipart({ context }, { name: 'file', filename: `${context}.jpg`, bytes });
    return (await call(app, 'POST', '/api/uploads/', access, body)).id as string;
  };
  await call(app, 'PUT', '/api/auth/profile/', access, {
    bio: creator.bio,
    category: creator.category,
    subcategories: creator.subcategories,
    tags: creator.tags,
    vibes: creator.vibes,
    subscription_price: creator.price,
    profile_image_uuid: await upload('profile_image', 400, 400, index),
    cover_image_uuid: await upload('cover_image', 1200, 400, index + 7),
    social_links: { website: `https://example.com/${creator.username}` },
  });
  for (const [postIndex, post] of creator.posts.entries()) {
    const fields: Record<string, string> = {
      content: post.content,
      is_locked: String(Boolean(post.lockedWith)),
    };
    if (post.lockedWith) fields.password = post.lockedWith;
    if (post.image) fields.media_type = 'image';
    const image = post.image
      ? {
          name: 'media',
          filename: 'post.jpg',
          bytes: await demoImage(creator.colors, 1080, 720, index * 10 + postIndex),
        }
      : undefined;
    await call(app, 'POST', '/api/posts/', access, await multipart(fields, image));
  }
  if (creator.profilePassword) {
    await call(app, 'PUT', '/api/auth/profile/', access, {
      is_profile_locked: true,
      profile_password: creator.profilePassword,
    });
  }
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
  const log = pino({ level: 'warn' });
  await withCliDatabase(config, async (databaseUrl) => {
    const runtime = await startRuntime({ config, databaseUrl, log, logger: false, poolSize: 4 });
    try {
      const { db } = runtime.database;
      const names = DEMO_CREATORS.map((c) => c.username);
      const existing = new Set(
        (
          await db
            .select({ username: users.username })
            .from(users)
            .where(inArray(users.username, names))
        ).map((row) => row.username),
      );
      for (const [index, creator] of DEMO_CREATORS.entries()) {
        if (existing.has(creator.username)) {
          console.log(`= ${creator.username} exists, left as it is`);
          continue;
        }
        await seedCreator(runtime.app, creator, index + 1);
        await db
          .update(users)
          .set({ isCreator: true, emailVerifiedAt: new Date() })
          .where(eq(users.username, creator.username));
        console.log(`+ ${creator.username}`);
      }
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
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
