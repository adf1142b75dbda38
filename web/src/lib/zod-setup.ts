import { config } from 'zod';

/*
 * Zod probes whether it may compile parsers with `Function(...)` each time an object schema is
 * built unless told not to; under our Content-Security-Policy (no 'unsafe-eval') the probe is
 * refused, and every page load reported a CSP violation. This module must run before any
 * schema is built: main.tsx imports it first, and the build keeps it beside zod itself.
 */
config({ jitless: true });
