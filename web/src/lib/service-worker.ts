/**
 * Registers `/sw.js` (built from `web/sw/sw.ts`) in production builds: it keeps the app shell
 * for offline and repeat visits and shows push notifications. The dev server has no `sw.js`,
 * and a worker there would serve stale modules, so it registers nothing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After load, so installing (which downloads the whole shell) never competes with the page.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
