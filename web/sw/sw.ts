/// <reference lib="webworker" />
/**
 * Zura's service worker: the app shell offline and push notifications. The build
 * (`web/service-worker.ts`) compiles this file to `dist/sw.js` and puts the build's files in
 * `PRECACHE` and its hash in `VERSION`, so each deploy installs a new worker with its own cache.
 *
 * - Navigations: network first (a deploy is seen at once); offline, the cached `index.html`.
 * - Hashed assets (`/assets/*`): cache first; they never change under one name.
 * - `/api`, `/media`, `/ws`, `/peerjs`, `/og` and anything not GET: never cached, never touched.
 */
declare const PRECACHE: string[];
declare const VERSION: string;

/** The worker's global scope, typed as a service worker's (the file is a classic script). */
const sw = self as unknown as ServiceWorkerGlobalScope;

const CACHE = `zura-shell-${VERSION}`;
const SHELL = '/index.html';
const NEVER_CACHED = ['/api/', '/media/', '/ws/', '/peerjs', '/og/'];

type PushPayload = { title: string; body: string; url: string; tag: string };

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([SHELL, ...PRECACHE]);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('zura-') && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await sw.clients.claim();
    })(),
  );
});

async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match(SHELL);
    return shell ?? Response.error();
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  }
});

function payloadOf(data: PushMessageData | null): PushPayload {
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (parsed?.title) {
      return {
        title: parsed.title,
        body: parsed.body ?? '',
        url: parsed.url?.startsWith('/') ? parsed.url : '/',
        tag: parsed.tag ?? 'zura',
      };
    }
  } catch {
    // A payload that is not ours still shows, as the plain notice below.
  }
  return { title: 'Zura', body: '', url: '/notifications', tag: 'zura' };
}

sw.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  event.waitUntil(
    sw.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** A click focuses a tab of the app (and takes it to the url), or opens one. */
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await sw.clients.openWindow(url);
    })(),
  );
});
