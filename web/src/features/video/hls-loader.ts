import type HlsType from 'hls.js';

export type HlsConstructor = typeof HlsType;

let loading: Promise<HlsConstructor> | undefined;

/**
 * hls.js (its light build) in its own chunk, fetched the first time a browser without native HLS meets a
 * stream (most visitors on Safari or iOS never download it). A failed load is tried again
 * next time.
 */
export function loadHls(): Promise<HlsConstructor> {
  loading ??= import('hls.js/dist/hls.light.mjs').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
