import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_URL_MAX_LIFETIME_SECONDS = 60 * 60;
/** Expiry is rounded to this step so a URL stays the same (and cacheable) for a while. */
const BUCKET_SECONDS = 10 * 60;

export type MediaVariant = 'original' | 'feed' | 'thumb' | 'poster';

export type MediaSigner = {
  /** A path like `/media/<id>/<variant>?exp=..&sig=..` valid for at most an hour. */
  url: (uploadId: string, variant?: MediaVariant, now?: number) => string;
  verify: (uploadId: string, variant: string, exp: string, sig: string, now?: number) => boolean;
};

export function createMediaSigner(key: Uint8Array): MediaSigner {
  const sign = (uploadId: string, variant: string, exp: number) =>
    createHmac('sha256', key).update(`${uploadId}/${variant}/${exp}`).digest('base64url');
  return {
    url(uploadId, variant = 'original', now = Date.now()) {
      const nowSeconds = Math.floor(now / 1000);
      const earliest = nowSeconds + MEDIA_URL_MAX_LIFETIME_SECONDS - BUCKET_SECONDS;
      const exp = Math.ceil(earliest / BUCKET_SECONDS) * BUCKET_SECONDS;
      return `/media/${uploadId}/${variant}?exp=${exp}&sig=${sign(uploadId, variant, exp)}`;
    },
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
