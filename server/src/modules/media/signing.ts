import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export const MEDIA_URL_MAX_LIFETIME_SECONDS = 60 * 60;
/** Expiry is rounded to this step so a URL stays the same (and cacheable) for a while. */
const MAX_BUCKET_SECONDS = 10 * 60;

export const MEDIA_VARIANTS = [
  'original',
  'feed',
  'medium',
  'thumb',
  'avatar',
  'poster',
  'blur',
  'mp4',
] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** What an HLS tree's signature is made over in place of a variant: one for every file. */
export const HLS_SIGNED_NAME = 'hls';

export type MediaSigner = {
  /** A path like `/media/<id>/<variant>?exp=..&sig=..` valid for at most an hour. */
  url: (uploadId: string, variant?: MediaVariant, now?: number) => string;
  /**
   * `/media/<id>/hls/master.m3u8?exp=..&sig=..`: one signature for the whole tree, which every
   * playlist we answer repeats on each URI it lists.
   */
  hlsUrl: (uploadId: string, now?: number) => string;
  verify: (uploadId: string, variant: string, exp: string, sig: string, now?: number) => boolean;
  /**
   * The expiry every URL signed now carries: an answer holding signed URLs can be sent again
   * while this stays the same (`lib/answer-cache.ts`).
   */
  period: (now?: number) => number;
};

/** Signed URLs remembered for the current expiry step: a feed or library page repeats them. */
const MAX_REMEMBERED_URLS = 100_000;

/**
 * `lifetimeSeconds` (`MEDIA_URL_LIFETIME`, at most an hour) is how long a URL lives at most;
 * a shorter one (tests of what players do when URLs expire) rounds to a sixth of it.
 */
export function createMediaSigner(
  key: Uint8Array,
  lifetimeSeconds = MEDIA_URL_MAX_LIFETIME_SECONDS,
): MediaSigner {
  const lifetime = Math.min(lifetimeSeconds, MEDIA_URL_MAX_LIFETIME_SECONDS);
  const step = Math.min(MAX_BUCKET_SECONDS, Math.max(1, Math.floor(lifetime / 6)));
  // A KeyObject is prepared once; a raw key would be imported again for every signature.
  const secret = createSecretKey(key);
  const sign = (uploadId: string, variant: string, exp: number) =>
    createHmac('sha256', secret).update(`${uploadId}/${variant}/${exp}`).digest('base64url');
  let rememberedExp = 0;
  const remembered = new Map<string, string>();
  const expiryAt = (now: number) => {
    const nowSeconds = Math.floor(now / 1000);
    const earliest = nowSeconds + lifetime - step;
    return Math.ceil(earliest / step) * step;
  };
  const signed = (uploadId: string, signedName: string, path: string, now: number) => {
    const exp = expiryAt(now);
    if (exp !== rememberedExp || remembered.size >= MAX_REMEMBERED_URLS) {
      remembered.clear();
      rememberedExp = exp;
    }
    const name = `${uploadId}/${path}`;
    let url = remembered.get(name);
    if (url === undefined) {
      url = `/media/${name}?exp=${exp}&sig=${sign(uploadId, signedName, exp)}`;
      remembered.set(name, url);
    }
    return url;
  };
  return {
    url: (uploadId, variant = 'original', now = Date.now()) =>
      signed(uploadId, variant, variant, now),
    hlsUrl: (uploadId, now = Date.now()) =>
      signed(uploadId, HLS_SIGNED_NAME, 'hls/master.m3u8', now),
    period: (now = Date.now()) => expiryAt(now),
    verify(uploadId, variant, exp, sig, now = Date.now()) {
      if (!/^\d{1,12}$/.test(exp)) return false;
      const expSeconds = Number(exp);
      const nowSeconds = Math.floor(now / 1000);
      if (expSeconds <= nowSeconds || expSeconds > nowSeconds + lifetime) return false;
      const expected = Buffer.from(sign(uploadId, variant, expSeconds));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
