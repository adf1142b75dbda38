/** Per-recipient invisible marks on gated images, and the leak tracer's reading of them (issue 35). */
export { embedMark, embedRgb } from './embed.ts';
export { traceMark, type TraceResult } from './trace.ts';
export { createMarkingEngine, type MarkingEngine } from './pool.ts';
export { decodeRgb, encodeJpeg, MAX_DECODED_PIXELS } from './pixels.ts';
export { hammingDistance, perceptualHash } from './phash.ts';
export { psnr, ssim } from './quality.ts';
export { segmentVariantBit, videoMarkFrame } from './video-pattern.ts';
export { binomialTail } from './stats.ts';
