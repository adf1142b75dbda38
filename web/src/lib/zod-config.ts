import type { $ZodConfig } from 'zod/v4/core';

/*
 * Zod probes whether it may compile parsers with `Function(...)` each time an object schema is
 * built unless told not to; under our Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused, and every page load reported a CSP violation. Zod reads its configuration from
 * `globalThis.__zod_globalConfig` and documents filling it before zod loads; main.tsx imports
 * this module first, so it is set before any schema is built, without importing zod: pages
 * that build no schema (the landing page, /login, the feed) load no zod at all (issue 20,
 * first-visit budget).
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
