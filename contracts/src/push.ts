import { z } from 'zod';

/** base64url without padding, as `PushSubscription.toJSON()` gives a browser's keys. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, {
      message: `must encode ${bytes} bytes`,
    });

/** The server's VAPID public key: the browser's `applicationServerKey`. */
export const pushKey = z.object({ public_key: z.string() });

/** This device's subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an https:// URL' }).max(2048),
  keys: z.object({
    /** The browser's P-256 public key: an uncompressed point, 65 bytes. */
    p256dh: base64url(65),
    /** The browser's auth secret, 16 bytes. */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** Whether this device (this sign-in) gets pushes. */
export const pushDeviceState = z.object({ subscribed: z.boolean() });

/** What a push carries: never a locked message's text, only what its notification shows. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** The app's path to open on a click, e.g. `/messages`. */
  url: z.string().startsWith('/'),
  /** Pushes with one tag replace each other on the device (one per conversation, say). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
