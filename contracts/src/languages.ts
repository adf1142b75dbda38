/**
 * The app's languages, zod-free: the web app's i18n set-up is on every first load and takes
 * this list from here, so it does not drag settings.ts's schemas (and zod) along (issue 20).
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
