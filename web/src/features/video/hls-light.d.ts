/** hls.js's light build (no DRM, subtitles or alternate audio, which Zura's streams never use). */
declare module 'hls.js/dist/hls.light.mjs' {
  export { default } from 'hls.js';
}
