import { embedMark } from './embed.ts';
import { traceMark, type TraceResult } from './trace.ts';

/** One piece of marking work, run on a worker thread of `pool.ts`: never on the event loop. */
export type MarkingTask =
  | { kind: 'embed'; image: Uint8Array; payload: number; key: Uint8Array }
  | { kind: 'trace'; suspect: Uint8Array; original: Uint8Array; key: Uint8Array };

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

export default function run(task: MarkingTask): Promise<Uint8Array | TraceResult> {
  return task.kind === 'embed'
    ? embedMark(buffer(task.image), task.payload, buffer(task.key))
    : traceMark(buffer(task.suspect), buffer(task.original), buffer(task.key));
}
