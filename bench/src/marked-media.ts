/**
 * What marking a gated image costs a viewer (issue 35): the first view of a recipient's copy
 * (marked on the engine's threads, then kept on disk) and a view of a copy already kept, beside
 * the same image served plain from disk to its author, over HTTP against a real server.
 */
import type { Benchmark, BenchmarkContext } from './lib/benchmark.ts';
import { runGetLoop, type LoadResult } from './lib/load.ts';
import type { Figure } from './lib/report.ts';
import { removeDataDir, startServer } from './lib/server.ts';
import { api, signUp, type Account } from './scale/common.ts';
import { makePicture } from './watermark/pictures.ts';

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
/** Fans who each unlock the post and view their own copy once: the first views measured. */
const RECIPIENTS = 40;
const PASSWORD = 'bench-lock';

type PostAnswer = { id: number; image_url?: string | null };

/** A photo-like JPEG of the watermark benchmark's (seed 35), 1080 wide as a phone's post. */
async function photo(): Promise<{ bytes: Buffer; width: number; height: number }> {
  for (let index = 0; ; index++) {
    const picture = await makePicture(35, 'marked', index);
    if (picture.width === 1080) return picture;
  }
}

/** A password-locked post with the image; answers its id and the author's own (plain) URL. */
async function lockedImagePost(baseUrl: string, author: Account, image: Buffer) {
  const form = new FormData();
  form.set('content', 'A locked photo');
  form.set('is_locked', 'true');
  form.set('password', PASSWORD);
  form.set('media', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  form.set('media_type', 'image');
  const response = await fetch(`${baseUrl}/api/posts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${author.access}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/posts/ answered ${response.status}: ${text}`);
  return JSON.parse(text) as PostAnswer;
}

/** Unlocks the post for `fan` and answers their marked image URL (it names them). */
async function unlockedUrl(baseUrl: string, fan: Account, postId: number): Promise<string> {
  const { post } = await api<{ post: PostAnswer }>(
    baseUrl,
    fan.access,
    'POST',
    `/api/posts/${postId}/unlock/`,
    { password: PASSWORD },
  );
  const url = post.image_url;
  if (!url?.includes(`to=${fan.id}`)) throw new Error(`no marked URL for ${fan.username}: ${url}`);
  return url;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

async function load(context: BenchmarkContext, url: string): Promise<LoadResult> {
  await runGetLoop({ url, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
  return runGetLoop({ url, connections: CONNECTIONS, durationSeconds: context.durationSeconds });
}

function loadFigures(label: string, result: LoadResult): Figure[] {
  const problems = result.unexpected + result.errors + result.timeouts;
  return [
    {
      metric: `${label}: throughput`,
      value: result.requestsPerSecond,
      unit: 'req/s',
      digits: 0,
      note: `${result.total.toLocaleString('en-US')} requests${problems > 0 ? `, ${problems} not 200` : ', all 200'}`,
    },
    {
      metric: `${label}: p50 / p99`,
      value: `${result.latency.p50.toFixed(2)} / ${result.latency.p99.toFixed(2)}`,
      unit: 'ms',
    },
  ];
}

export const markedMedia: Benchmark = {
  name: 'marked-media',
  title: "A gated image's marked copy: first view, kept copy, and the plain file",
  async run(context) {
    const picture = await photo();
    const image = picture.bytes;
    // The author uploads without opening the sign-up mail; nothing else here needs it.
    const server = await startServer({ env: { UPLOAD_REQUIRE_VERIFIED_EMAIL: 'false' } });
    const figures: Figure[] = [];
    try {
      const author = await signUp(server.url, 'marked_author');
      const post = await lockedImagePost(server.url, author, image);
      // The feed size is made by a job after the upload: what a feed shows, once it is there.
      let own = post.image_url;
      for (let tries = 0; !own?.includes('/feed?') && tries < 300; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        own = (await api<PostAnswer>(server.url, author.access, 'GET', `/api/posts/${post.id}/`))
          .image_url;
      }
      if (!own || own.includes('to=')) throw new Error(`the author's URL is not plain: ${own}`);
      const urls: string[] = [];
      for (let i = 0; i < RECIPIENTS; i++) {
        const fan = await signUp(server.url, `marked_fan_${i}`);
        urls.push(await unlockedUrl(server.url, fan, post.id));
      }
      // Each fan's first view, one after another: the copy is made (embedded and kept).
      const first: number[] = [];
      for (const url of urls) {
        const started = performance.now();
        const response = await fetch(`${server.url}${url}`);
        const body = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || body.length === 0) {
          throw new Error(`first view answered ${response.status}`);
        }
        first.push(performance.now() - started);
      }
      figures.push({
        metric: `first view of a recipient's copy (${RECIPIENTS} recipients): p50 / p95`,
        value: `${percentile(first, 0.5).toFixed(0)} / ${percentile(first, 0.95).toFixed(0)}`,
        unit: 'ms',
        note: `max ${Math.max(...first).toFixed(0)} ms; one request at a time, each a new copy`,
      });
      figures.push(
        ...loadFigures('a kept copy, viewed again', await load(context, `${server.url}${urls[0]}`)),
      );
      figures.push(
        ...loadFigures('the plain file, its author', await load(context, `${server.url}${own}`)),
      );
    } finally {
      await server.stop();
      await removeDataDir(server.dataDir);
    }
    return {
      name: this.name,
      title: this.title,
      setup: [
        `one ${picture.width}x${picture.height} photo-like JPEG (${image.length.toLocaleString('en-US')} bytes, the watermark benchmark's seed 35) in a password-locked post; ${RECIPIENTS} fans signed up through the API unlock it, each getting their own marked URL of its feed size`,
        "first view: each fan's URL fetched once, one after another (the copy is marked on the engine's threads and kept under WATERMARK_CACHE_BYTES); latency to the last byte",
        `kept copy and plain file: ${CONNECTIONS} connections in a closed loop on node:http, ${context.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up`,
      ],
      figures,
    };
  },
};
