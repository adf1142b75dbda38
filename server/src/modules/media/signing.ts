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
   * `/media/<id>/<variant>?exp=..&to=<recipient>&sig=..`: an image URL for one recipient, who is
   * served a copy marked for them (issue 35). The signature covers the recipient, so no `to`
   * can be swapped, and it is made over another message than an unmarked URL's, so neither
   * passes for the other. With `visible`, `&v=1` asks for the copy with the visible mark drawn
   * on it too, and the signature covers that as well: it can be neither added nor taken off.
   * Not remembered: each names one viewer.
   */
  markedUrl: (
    uploadId: string,
    variant: MediaVariant,
    recipientId: number,
    options?: { visible?: boolean; now?: number },
  ) => string;
  /**
   * `/media/<id>/hls/master.m3u8?exp=..&to=<recipient>&sig=..`: a gated video's HLS tree for one
   * recipient, every playlist repeating the query, each segment the variant (unmarked or marked)
   * their keyed code picks (issue 35). Verified by `verifyMarked(id, 'hls', ...)`.
   */
  markedHlsUrl: (uploadId: string, recipientId: number, now?: number) => string;
  /**
   * Whom a marked URL is for, and whether its copy is visibly marked, when its signature, expiry,
   * `to` and `v` hold; else null.
   */
  verifyMarked: (
    uploadId: string,
    variant: string,
    query: MarkedQuery,
    now?: number,
  ) => { recipientId: number; visible: boolean } | null;
  /**
   * The expiry every URL signed now carries: an answer holding signed URLs can be sent again
   * while this stays the same (`lib/answer-cache.ts`).
   */
  period: (now?: number) => number;
};

/** The query of a marked URL as received: `v` absent, or `1` for a visibly marked copy. */
type MarkedQuery = { exp: string; to: string; sig: string; v?: string | undefined };

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
  // A visibly marked copy's URL is signed over a message of its own: `v` is covered too.
  const markedMessage = (uploadId: string, variant: string, exp: number, to: number, v: boolean) =>
    `${uploadId}/${variant}/${exp}/to/${to}${v ? '/v' : ''}`;
  const signMarked = (uploadId: string, variant: string, exp: number, to: number, v: boolean) =>
    createHmac('sha256', secret)
      .update(markedMessage(uploadId, variant, exp, to, v))
      .digest('base64url');
  const liveExp = (exp: string, now: number) => {
    if (!/^\d{1,12}$/.test(exp)) return undefined;
    const expSeconds = Number(exp);
    const nowSeconds = Math.floor(now / 1000);
    if (expSeconds <= nowSeconds || expSeconds > nowSeconds + lifetime) return undefined;
    return expSeconds;
  };
  const same = (expected: string, sig: string) => {
    const a = Buffer.from(expected);
    const b = Buffer.from(sig);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    markedUrl(uploadId, variant, recipientId, { visible = false, now = Date.now() } = {}) {
      const exp = expiryAt(now);
      const sig = signMarked(uploadId, variant, exp, recipientId, visible);
      const v = visible ? '&v=1' : '';
      return `/media/${uploadId}/${variant}?exp=${exp}&to=${recipientId}${v}&sig=${sig}`;
    },
    markedHlsUrl(uploadId, recipientId, now = Date.now()) {
      const exp = expiryAt(now);
      const sig = signMarked(uploadId, HLS_SIGNED_NAME, exp, recipientId, false);
      return `/media/${uploadId}/hls/master.m3u8?exp=${exp}&to=${recipientId}&sig=${sig}`;
    },
    verifyMarked(uploadId, variant, { exp, to, sig, v }, now = Date.now()) {
      const expSeconds = liveExp(exp, now);
      if (expSeconds === undefined || !/^[1-9]\d{0,15}$/.test(to)) return null;
      if (v !== undefined && v !== '1') return null;
      const recipientId = Number(to);
      const visible = v === '1';
      const expected = signMarked(uploadId, variant, expSeconds, recipientId, visible);
      return same(expected, sig) ? { recipientId, visible } : null;
    },
    url: (uploadId, variant = 'original', now = Date.now()) =>
      signed(uploadId, variant, variant, now),
    hlsUrl: (uploadId, now = Date.now()) =>
      signed(uploadId, HLS_SIGNED_NAME, 'hls/master.m3u8', now),
    period: (now = Date.now()) => expiryAt(now),
    verify(uploadId, variant, exp, sig, now = Date.now()) {
      const expSeconds = liveExp(exp, now);
      return expSeconds !== undefined && same(sign(uploadId, variant, expSeconds), sig);
    },
  };
}
