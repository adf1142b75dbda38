import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, so the server
 * sends them as they are (`@fastify/static`'s `preCompressed`) instead of compressing each
 * response again at a lower level. Brotli at quality 11 is too slow per request but costs
 * nothing once at build time.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressFile(file: string): Promise<void> {
  const original = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant no smaller than the file is left out: the server then sends the file itself.
  await Promise.all([
    br.length < original.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < original.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/** Precompresses every compressible file under `dir`; returns how many files it read. */
export async function precompressDir(dir: string): Promise<number> {
  const files = await filesUnder(dir);
  await Promise.all(files.map(compressFile));
  return files.length;
}

/** The Vite plugin: runs once the bundle and the `public/` files are written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zura-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      // A failed build has nothing worth compressing; its own error is the one to show.
      if (error) return;
      await precompressDir(outDir);
    },
  };
}

// `node web/precompress.ts <dir>` precompresses a directory built some other way (the tests).
if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Usage: node web/precompress.ts <dir>');
  await precompressDir(path.resolve(dir));
}
