import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export const MEDIA_URL_MAX_LIFETIME_SECONDS = 60 * 60;
/** Expiry is rounded to this step so a URL stays the same (and cacheable) for a while. */
const BUCKET_SECONDS = 10 * 60;

export type MediaVariant = 'original' | 'feed' | 'thumb' | 'poster' | 'blur' | 'mp4';

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
};

/** Signed URLs remembered for the current expiry step: a feed or library page repeats them. */
const MAX_REMEMBERED_URLS = 100_000;

export function createMediaSigner(key: Uint8Array): MediaSigner {
  // A KeyObject is prepared once; a raw key would be imported again for every signature.
  const secret = createSecretKey(key);
  const sign = (uploadId: string, variant: string, exp: number) =>
    createHmac('sha256', secret).update(`${uploadId}/${variant}/${exp}`).digest('base64url');
  let rememberedExp = 0;
  const remembered = new Map<string, string>();
  const signed = (uploadId: string, signedName: string, path: string, now: number) => {
    const nowSeconds = Math.floor(now / 1000);
    const earliest = nowSeconds + MEDIA_URL_MAX_LIFETIME_SECONDS - BUCKET_SECONDS;
    const exp = Math.ceil(earliest / BUCKET_SECONDS) * BUCKET_SECONDS;
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
    verify(uploadId, variant, exp, sig, now = Date.now()) {
      if (!/^\d{1,12}$/.test(exp)) return false;
      const expSeconds = Number(exp);
      const nowSeconds = Math.floor(now / 1000);
      if (expSeconds <= nowSeconds || expSeconds > nowSeconds + MEDIA_URL_MAX_LIFETIME_SECONDS)
        return false;
      const expected = Buffer.from(sign(uploadId, variant, expSeconds));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
