import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.ts';

/** Zod issues as the `{ field: [messages] }` map the spec's client reads. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

/** Validates data that did not pass through a route schema (multipart fields, say). */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  data: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/**
 * Multipart fields are all text: JSON-encoded lists and objects are decoded, and in
 * `literalFields` (booleans, nullable ids) 'true'/'false' become booleans and 'null' null, so
 * one zod schema serves JSON and multipart bodies. Any other field stays the text sent: a bio
 * or a username may well be "true" or "null".
 */
export function decodeFormFields(
  fields: Record<string, string>,
  jsonFields: readonly string[],
  literalFields: readonly string[] = [],
): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    if (jsonFields.includes(key)) {
      try {
        decoded[key] = JSON.parse(value);
      } catch {
        errors[key] = ['Send this field as JSON.'];
      }
    } else if (literalFields.includes(key) && (value === 'true' || value === 'false')) {
      decoded[key] = value === 'true';
    } else if (literalFields.includes(key) && value === 'null') {
      decoded[key] = null;
    } else {
      decoded[key] = value;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return decoded;
}
