import { z } from 'zod';

/**
 * A JSON flag: only `true` or `false`. The texts "true" and "false", 1, null and lists are
 * refused with a message that names the field, never read as false.
 */
export function booleanField(field: string) {
  return z.boolean({ error: `${field} must be true or false.` });
}
