import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../modules/uploads/policy.ts';

/**
 * The one place the environment is read. Every other module receives a `Config`.
 * A wrong value stops start-up with a message that names the variable.
 */
const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

/** proxy-addr's names for ranges, which Fastify accepts besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Zura <no-reply@localhost>'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Seconds a request, and a signed-in upload, may take to arrive whole. */
  HTTP_REQUEST_TIMEOUT: z.coerce.number().int().positive().default(30),
  HTTP_UPLOAD_TIMEOUT: z.coerce.number().int().positive().default(3600),
  SECRET_KEY: z.string().min(32).optional(),
  WEB_DIST_DIR: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Another Stripe API address, e.g. stripe-mock in tests; production leaves it unset. */
  STRIPE_API_BASE: optionalUrl,
  STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().optional(),
  REQUIRE_ADMIN_2FA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** `cheap-for-tests`: Argon2's floor, so test users cost nothing; never set it in production. */
  PASSWORD_HASHING: z.enum(['production', 'cheap-for-tests']).default('production'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[^/\s]+$/, 'must be a bucket name, without slashes or spaces')
    .optional(),
  S3_ENDPOINT: optionalUrl.refine((url) => !url || /^https?:\/\//i.test(url), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  S3_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** Seconds a signed media URL lives at most (shorter for tests of expiry); an hour at most. */
  MEDIA_URL_LIFETIME: z.coerce.number().int().min(30).max(3600).default(3600),
  /** Where this instance keeps gated images marked per recipient (issue 35); DATA_DIR/marked. */
  WATERMARK_CACHE_DIR: z.string().min(1).optional(),
  /** Bytes of marked copies kept on disk at most, least recently served out first; 1 GiB. */
  WATERMARK_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  /** Longest video accepted, in seconds; longer uploads end with an error for the uploader. */
  VIDEO_MAX_SECONDS: z.coerce.number().int().positive().default(3600),
  /** Largest video transcoded, in bytes; defaults to the post video upload limit. */
  VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(MAX_UPLOAD_BYTES),
  /** Transcodes at once, per queue (short and long videos each have one). */
  VIDEO_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  FFMPEG_PATH: z.string().trim().min(1).optional(),
  /** Lets an ffmpeg older than the minimum (the bundled 2018 build) decode uploads. */
  FFMPEG_ALLOW_OUTDATED: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  /** Address space one ffmpeg run may take, in MiB (RLIMIT_AS). */
  VIDEO_FFMPEG_MEMORY_MB: z.coerce.number().int().min(256).max(1_048_576).default(4096),
  /** Bytes of originals a fan, and a creator (or admin), may store; checked on every upload. */
  STORAGE_QUOTA_FAN_BYTES: z.coerce.number().int().positive().default(GIB),
  STORAGE_QUOTA_CREATOR_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * GIB),
  /** Largest message attachment, in bytes: a video, and any other file. */
  MESSAGE_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * MIB),
  MESSAGE_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * MIB),
  /** Videos of one owner waiting for or in their transcode; past it new videos are refused. */
  UPLOAD_PROCESSING_VIDEOS_MAX: z.coerce.number().int().min(1).default(3),
  /** Uploads need a verified address (false: for an instance whose users cannot get mail). */
  UPLOAD_REQUIRE_VERIFIED_EMAIL: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true'),
  /** Web Push keys (base64url, as `web-push generate-vapid-keys` prints); else DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * Accept push endpoints on loopback (names resolving to it, and http:// to it): for tests and
   * local push servers only. Other private addresses are refused whatever this says.
   */
  PUSH_LOOPBACK_HTTP: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  /** ActivityPub, WebFinger and NodeInfo (issue 36); false: those paths answer 404. */
  FEDERATION: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  /**
   * Remote fetches and deliveries to loopback and private addresses (tests, closed networks);
   * refused otherwise: Fedify's fetches (a signer's key now; remote actors and objects in
   * phase 2 of issue 36).
   */
  FEDERATION_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  /**
   * Attempts at one delivery before it is given up and kept as a dead letter for the admins;
   * the waits between them double from a second (10 attempts: about 8.5 minutes in all).
   */
  FEDERATION_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(10),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v !== 'true', {
      message:
        "true would let any client set its own address through X-Forwarded-For; list the proxies' addresses instead, e.g. 127.0.0.1 or 10.0.0.0/8",
    })
    .transform((v) => (v === 'false' ? [] : v.split(',').map((entry) => entry.trim())))
    .refine((entries) => entries.every(isProxyAddress), {
      message: 'must be false or a comma-separated list of IP addresses and CIDR ranges',
    }),
});

/** Every environment variable the configuration reads, for checks of deployment files. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Live events (and later rate limits) shared by several instances through Redis. */
  redisUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  rateLimitScale: number;
  /** How long a request may take to arrive whole: an ordinary one, and a signed-in upload. */
  requestDeadlines: { requestMs: number; uploadMs: number };
  /** Shared signing secret for several instances; generated into DATA_DIR when absent. */
  secretKey: string | undefined;
  webDistDir: string;
  /**
   * The reverse proxies' addresses and CIDR ranges: only a request from one of them may name the
   * client's address in X-Forwarded-For. Empty: the peer's own address is the client's.
   */
  trustProxy: string[];
  /** Admin pages refuse admins who have not turned on two-factor sign-in. */
  requireAdminTwoFactor: boolean;
  /** Argon2 parameters of new hashes (`PASSWORD_HASHING`); tests choose the cheap ones. */
  passwordHashing: 'production' | 'cheap-for-tests';
  /** ICE servers for calls: STUN, and TURN with time-limited credentials from TURN_SECRET. */
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined };
  /** Both set: top-ups go through Stripe Checkout; neither: the test-mode provider. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** Media in an S3-compatible bucket when S3_BUCKET is set; local disk in DATA_DIR otherwise. */
  s3: S3Config | undefined;
  /** How long a signed media URL lives at most, in seconds (`MEDIA_URL_LIFETIME`). */
  mediaUrlLifetimeSeconds: number;
  /** The disk cache of marked copies of gated images (`WATERMARK_CACHE_DIR`, `_BYTES`). */
  watermark: { cacheDir: string; cacheBytes: number };
  video: VideoConfig;
  push: PushConfig;
  uploads: UploadLimits;
  /** `FEDERATION`, `FEDERATION_ALLOW_PRIVATE`, `FEDERATION_DELIVERY_ATTEMPTS` (issue 36). */
  federation: { enabled: boolean; allowPrivateAddresses: boolean; deliveryAttempts: number };
};

/** What one user may upload (`STORAGE_QUOTA_*`, `MESSAGE_*_MAX_BYTES`, `UPLOAD_*`). */
export type UploadLimits = {
  quotaBytes: { fan: number; creator: number };
  messageMaxBytes: { video: number; other: number };
  processingVideosMax: number;
  requireVerifiedEmail: boolean;
};

export type PushConfig = {
  /** Both set, or neither (keys generated into DATA_DIR/vapid.json at first start). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  allowLoopbackHttp: boolean;
};

export type VideoConfig = {
  maxSeconds: number;
  maxBytes: number;
  /** Transcodes at once on each of the short and long queues. */
  workers: number;
  /** An ffmpeg chosen by the operator; unset: a newer system ffmpeg, else the bundled one. */
  ffmpegPath: string | undefined;
  /** An ffmpeg older than the minimum may decode uploads (`FFMPEG_ALLOW_OUTDATED`). */
  allowOutdatedFfmpeg: boolean;
  /** Address space of one ffmpeg run, in bytes (`VIDEO_FFMPEG_MEMORY_MB`). */
  ffmpegMemoryBytes: number;
};

export type S3Config = {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (MinIO, Garage, most self-hosted servers) rather than the host name. */
  forcePathStyle: boolean;
  /** Media bytes stream through the server instead of redirecting to presigned URLs. */
  proxy: boolean;
};

/** Every S3_* variable; any of them set without S3_BUCKET is a mistake worth stopping for. */
export const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PROXY',
] as const;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `PORT=` in an env file or compose's `PORT=${PORT}` means unset, not 0 or an invalid value.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  const s3 = s3Config(e, set);
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    requestDeadlines: {
      requestMs: e.HTTP_REQUEST_TIMEOUT * 1000,
      uploadMs: e.HTTP_UPLOAD_TIMEOUT * 1000,
    },
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY,
    requireAdminTwoFactor: e.REQUIRE_ADMIN_2FA === 'true',
    passwordHashing: e.PASSWORD_HASHING,
    ice: {
      stunUrls: e.STUN_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      turnUrls: e.TURN_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      turnSecret: e.TURN_SECRET,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    s3,
    mediaUrlLifetimeSeconds: e.MEDIA_URL_LIFETIME,
    watermark: {
      cacheDir: path.resolve(e.WATERMARK_CACHE_DIR ?? path.join(e.DATA_DIR, 'marked')),
      cacheBytes: e.WATERMARK_CACHE_BYTES,
    },
    video: {
      maxSeconds: e.VIDEO_MAX_SECONDS,
      maxBytes: e.VIDEO_MAX_BYTES,
      workers: e.VIDEO_WORKERS,
      ffmpegPath: e.FFMPEG_PATH,
      allowOutdatedFfmpeg: e.FFMPEG_ALLOW_OUTDATED === 'true',
      ffmpegMemoryBytes: e.VIDEO_FFMPEG_MEMORY_MB * 1024 * 1024,
    },
    uploads: {
      quotaBytes: { fan: e.STORAGE_QUOTA_FAN_BYTES, creator: e.STORAGE_QUOTA_CREATOR_BYTES },
      messageMaxBytes: { video: e.MESSAGE_VIDEO_MAX_BYTES, other: e.MESSAGE_ATTACHMENT_MAX_BYTES },
      processingVideosMax: e.UPLOAD_PROCESSING_VIDEOS_MAX,
      requireVerifiedEmail: e.UPLOAD_REQUIRE_VERIFIED_EMAIL === 'true',
    },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.PUBLIC_URL, e.MAIL_FROM),
      allowLoopbackHttp: e.PUSH_LOOPBACK_HTTP === 'true',
    },
    federation: {
      enabled: e.FEDERATION === 'true',
      allowPrivateAddresses: e.FEDERATION_ALLOW_PRIVATE === 'true',
      deliveryAttempts: e.FEDERATION_DELIVERY_ATTEMPTS,
    },
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', '..', 'web', 'dist'),
    ),
  };
}

/** The public https address, else the sender address of mails (push services want one of them). */
function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

function s3Config(
  e: z.infer<typeof envSchema>,
  set: Record<string, string | undefined>,
): S3Config | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => set[name] !== undefined);
    if (stray.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: must be set when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} (S3_BUCKET selects S3 media storage; without it media stays on local disk)`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default AWS credential chain)',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    proxy: e.S3_PROXY === 'true',
  };
}
