import type { PushSubscriptionInput } from '@zura/contracts';
import { deleteSubscription, fetchPushKey, saveSubscription } from './api';

/** What this browser allows: push at all, and whether the user blocked notifications. */
export type PushSupport = 'unsupported' | 'denied' | 'available';

export function pushSupport(): PushSupport {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** The worker that receives pushes; none in the dev server, which registers no service worker. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushUnavailableError();
  return navigator.serviceWorker.ready;
}

export class PushUnavailableError extends Error {}
/** The browser has the push API but no push service behind it (Chromium without Google's). */
export class NoPushServiceError extends Error {}
export class PermissionRefusedError extends Error {}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Turns pushes on for this device: asks for permission (from the click, as browsers require),
 * subscribes with the server's VAPID key (again if an old subscription has another key) and
 * hands the subscription to the server.
 */
export async function enablePush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PermissionRefusedError();
  const [worker, key] = await Promise.all([registration(), fetchPushKey()]);
  const applicationServerKey = keyBytes(key);
  let subscription = await worker.pushManager.getSubscription();
  const oldKey = subscription?.options.applicationServerKey;
  if (subscription && oldKey && !sameBytes(new Uint8Array(oldKey), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey })
    .catch((error: unknown) => {
      // Chromium builds without a push service refuse every time with AbortError
      // ("Registration failed - push service not available"): trying again cannot help.
      if (error instanceof DOMException && error.name === 'AbortError') {
        throw new NoPushServiceError(error.message);
      }
      throw error;
    });
  await saveSubscription(subscription.toJSON() as PushSubscriptionInput);
}

/** Turns pushes off here: the server forgets this device, and the browser its subscription. */
export async function disablePush(): Promise<void> {
  await deleteSubscription();
  const worker = await navigator.serviceWorker.getRegistration();
  const subscription = await worker?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
