/*
 * Zod probes whether it may compile parsers with `Function(...)` each time an object schema is
 * built unless told not to; under our Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused, and every page load reported a CSP violation. This module must run before any
 * schema is built. The web build aliases `zod` to this module (web/vite.config.ts), so every
 * module that builds a schema imports it first, while pages that build none (the landing page,
 * /login before a submit) load no zod at all (issue 20, bundle budget).
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
