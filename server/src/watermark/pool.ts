import os from 'node:os';
import { Piscina } from 'piscina';
import type { TraceResult } from './trace.ts';
import type { MarkingTask } from './worker.ts';

/** Marking and tracing, each a few hundred milliseconds of arithmetic, on worker threads. */
export type MarkingEngine = {
  /** The image with `payload` hidden in it: same dimensions, a JPEG. */
  embed: (image: Buffer, payload: number, key: Buffer) => Promise<Buffer>;
  /** Reads a suspected copy against the original it was made from. */
  trace: (suspect: Buffer, original: Buffer, key: Buffer) => Promise<TraceResult>;
  close: () => Promise<void>;
};

/**
 * A pool of worker threads (piscina) that embed and trace marks: the DCT loops are plain
 * JavaScript, and on the event loop a first view of a page of gated images would stall every
 * other request for a second. One thread fewer than the machine's cores (at least one), each
 * started on first use and ended when idle, so a server that marks nothing keeps none.
 */
export function createMarkingEngine(options: { threads?: number } = {}): MarkingEngine {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const pool = new Piscina<MarkingTask, Uint8Array | TraceResult>({
    filename: new URL('./worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  return {
    async embed(image, payload, key) {
      const bytes = (await pool.run({ kind: 'embed', image, payload, key })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    },
    trace: async (suspect, original, key) =>
      (await pool.run({ kind: 'trace', suspect, original, key })) as TraceResult,
    close: () => pool.destroy(),
  };
}
