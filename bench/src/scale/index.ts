import type { Benchmark } from '../lib/benchmark.ts';
import { analytics } from './analytics.ts';
import { federationDelivery } from './federation-delivery.ts';
import { feed } from './feed.ts';
import { inbox } from './inbox.ts';
import { ledger } from './ledger.ts';
import { library } from './library.ts';
import { massMessage } from './mass-message.ts';
import { realtime } from './realtime.ts';
import { upload } from './upload.ts';
import { video } from './video.ts';

/** The scale benchmarks, in the order they run. */
export const scaleBenchmarks: Benchmark[] = [
  feed,
  upload,
  ledger,
  realtime,
  library,
  inbox,
  video,
  massMessage,
  analytics,
  federationDelivery,
];
