/**
 * Media GET in the three ways a deployment can serve it: from local disk, as a redirect to the
 * bucket's presigned URL (S3), and streamed from the bucket through the server (S3_PROXY=true).
 */
import sharp from 'sharp';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.ts';
import { runGetLoop, type LoadResult } from './lib/load.ts';
import { describeCpu, watchCpu, type CpuShare } from './lib/machine.ts';
import type { Figure } from './lib/report.ts';
import { startS3Process, type S3Process } from './lib/s3.ts';
import { removeDataDir, startServer } from './lib/server.ts';
import { signUp } from './scale/common.ts';

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const MiB = 1024 ** 2;

type Serving = { name: string; label: string; env: (s3: S3Process) => Record<string, string> };

const SERVINGS: Serving[] = [
  { name: 'local', label: 'local disk (stream)', env: () => ({}) },
  { name: 'redirect', label: 'S3, 302 to the bucket', env: (s3) => s3.env },
  {
    name: 'proxy',
    label: 'S3_PROXY=true (stream)',
    env: (s3) => ({ ...s3.env, S3_PROXY: 'true' }),
  },
];

type Image = { label: string; bytes: Buffer };

/**
 * JPEGs of Gaussian noise, which JPEG compresses poorly, so the sizes stay near the intended
 * ones: about 200 KB (a photo in a feed) and about 5 MB (a full-size photo).
 */
async function makeImages(): Promise<Image[]> {
  const noise = (width: number, height: number, quality: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality })
      .toBuffer();
  const kb = (bytes: Buffer) => `${Math.round(bytes.length / 1000)} KB`;
  const small = await noise(760, 570, 80);
  const large = await noise(2800, 2100, 95);
  return [
    { label: `${kb(small)} JPEG`, bytes: small },
    { label: `${(large.length / 1e6).toFixed(1)} MB JPEG`, bytes: large },
  ];
}

/** POST /api/uploads/ context=post_image; answers the signed media path of the original. */
async function uploadImage(baseUrl: string, token: string, image: Image): Promise<string> {
  const form = new FormData();
  form.set('context', 'post_image');
  form.set('file', new Blob([image.bytes], { type: 'image/jpeg' }), 'bench.jpg');
  const response = await fetch(`${baseUrl}/api/uploads/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`Upload answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { file_url: string }).file_url;
}

/**
 * One GET before the load, checking that the way of serving is the intended one and that the
 * bytes arrive whole: a 302 whose Location answers the image, or a 200 with the image.
 */
async function checkServing(
  url: string,
  serving: Serving,
  image: Image,
): Promise<string | undefined> {
  const first = await fetch(url, { redirect: 'manual' });
  let answer = first;
  let location: string | undefined;
  if (serving.name === 'redirect') {
    location = first.headers.get('location') ?? undefined;
    await first.arrayBuffer();
    if (first.status !== 302 || !location) {
      throw new Error(`${serving.label}: expected a 302 with a Location, got ${first.status}`);
    }
    answer = await fetch(location);
  } else if (first.status !== 200) {
    throw new Error(`${serving.label}: expected 200, got ${first.status}`);
  }
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200 || !body.equals(image.bytes)) {
    throw new Error(
      `${serving.label}: the answer (${answer.status}, ${body.length} bytes) is not the uploaded image`,
    );
  }
  return location;
}

type Measurement = { label: string; result: LoadResult; cpu: CpuShare | undefined };

async function measure(
  context: BenchmarkContext,
  url: string,
  expectStatus?: number,
): Promise<[LoadResult, CpuShare | undefined]> {
  const load = (durationSeconds: number) =>
    runGetLoop({ url, connections: CONNECTIONS, durationSeconds, expectStatus });
  await load(WARM_UP_SECONDS);
  const end = await watchCpu();
  const result = await load(context.durationSeconds);
  return [result, await end()];
}

function figures({ label, result, cpu }: Measurement): Figure[] {
  const problems = result.unexpected + result.errors + result.timeouts;
  return [
    {
      metric: `${label}: throughput`,
      value: result.requestsPerSecond,
      unit: 'req/s',
      digits: 0,
      note: `${(result.bytesPerSecond / MiB).toFixed(1)} MiB/s; ${result.total.toLocaleString('en-US')} requests${problems > 0 ? `, ${result.unexpected} unexpected status / ${result.errors} errors / ${result.timeouts} timeouts` : ', all as expected'}`,
    },
    {
      metric: `${label}: p50 / p99`,
      value: `${result.latency.p50.toFixed(2)} / ${result.latency.p99.toFixed(2)}`,
      unit: 'ms',
      note: `max ${result.latency.max.toFixed(2)} ms`,
    },
    {
      metric: `${label}: CPUs busy`,
      value: cpu ? cpu.machine * 100 : 'unknown',
      unit: cpu ? '%' : '',
      digits: 0,
      note: describeCpu(cpu),
    },
  ];
}

export const mediaGet: Benchmark = {
  name: 'media-get',
  title: 'GET /media/<id>/original: local disk, S3 redirect, S3 proxied',
  async run(context) {
    const images = await makeImages();
    const s3 = await startS3Process();
    const measurements: Measurement[] = [];
    try {
      for (const serving of SERVINGS) {
        const server = await startServer({ env: serving.env(s3) });
        try {
          const user = await signUp(server.url, `media_${serving.name}`);
          for (const image of images) {
            const url = `${server.url}${await uploadImage(server.url, user.access, image)}`;
            const location = await checkServing(url, serving, image);
            const expectStatus = serving.name === 'redirect' ? 302 : 200;
            const [result, cpu] = await measure(context, url, expectStatus);
            measurements.push({ label: `${image.label}, ${serving.label}`, result, cpu });
            if (location) {
              // What the browser does next, for comparison: the presigned URL, from s3rver alone.
              const [bucket, bucketCpu] = await measure(context, location, 200);
              measurements.push({
                label: `${image.label}, the presigned URL from s3rver`,
                result: bucket,
                cpu: bucketCpu,
              });
            }
          }
        } finally {
          await server.stop();
          await removeDataDir(server.dataDir);
        }
      }
    } finally {
      await s3.stop();
    }
    return {
      name: this.name,
      title: this.title,
      setup: [
        `images: ${images.map((image) => `${image.label} (${image.bytes.length.toLocaleString('en-US')} bytes)`).join(', ')}, Gaussian noise from sharp, uploaded as post_image; GET of the signed original URL (the image's own bytes)`,
        `three servers one after another, each on a fresh DATA_DIR: ${SERVINGS.map((s) => s.label).join('; ')}; the S3 ones share one s3rver, its own child process on the same machine`,
        `${CONNECTIONS} connections in a closed loop on node:http (keep-alive), ${context.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up, per image and server; before each load one GET checks the status and that the bytes are the uploaded image`,
        "not autocannon: its JavaScript HTTP parser costs far more CPU per byte of a binary body than the server spends sending it (17 MiB/s of random bytes from a bare node:http server, against 200-300 MiB/s with node:http's own parser), so it would measure itself",
        'redirect: the figure is the 302 answer itself (signature check, row lookup, presigning), not followed. The next row loads the presigned URL from s3rver directly, what a browser fetches next',
        'latency from sending a request to the last byte of its answer, percentiles over every expected answer (200, or 302 for the redirect); MiB/s counts body bytes',
      ],
      figures: measurements.flatMap(figures),
    };
  },
};
