import { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.ts';

/** Zod issues as the `{ field: [messages] }` map the spec's client reads. */
function fieldErrors(error: z.ZodError): FieldErrors {
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

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * An id in a JSON body: a JSON integer above 0. `true`, `[1]`, `"1"` and `1.5` are refused
 * (coercion once read `true` and `[1]` as user 1); `missing` is the answer when it is absent.
 */
export function jsonId(field: string, missing = `${field} is required.`) {
  const wrong = `${field} must be an id: a whole number above 0.`;
  // z.int() is bounded to safe integers already.
  return z.int({ error: (issue) => (issue.input === undefined ? missing : wrong) }).min(1, wrong);
}

/**
 * An integer as paths and query strings write it, in plain decimal: '1e3', ' 5', '0x10', '1.0',
 * '-0', '007' and '' are refused, so each number has one spelling.
 */
function integerText(message: string) {
  return z
    .string({ error: message })
    .regex(/^(0|-?[1-9]\d*)$/, message)
    .transform(Number);
}

/** An id in a path: a whole number above 0; every failure answers `message`. */
/** `x-integer`: the API document shows the number it is (plugins/api-docs-document.ts). */
export function pathId(message: string) {
  return integerText(message)
    .pipe(z.number().min(1, message).max(MAX_ID, message))
    .meta({ 'x-integer': { minimum: 1, maximum: MAX_ID } });
}

/** A user as a path names them: the id (a number) or the username. */
export type UserKey = number | string;

/**
 * A user in a path (`/auth/users/{idOrUsername}/…`): digits are the id, read as `pathId` reads
 * one (plain decimal above 0, so '007' and '0' are refused, never looked up); anything else is a
 * username, never all digits (users_username_not_digits). The API document shows it as one of
 * an integer and a string with a non-digit, so a client passes the id it was answered as is.
 */
export function pathUserKey() {
  const badId = 'Not a valid user id.';
  const badName = 'Not a valid username.';
  const username = z
    .string({ error: badName })
    .min(1, { error: badName, abort: true })
    .max(64, { error: badName, abort: true })
    .regex(/\D/, badId);
  return z.union([pathId(badId), username], {
    error: (issue) =>
      typeof issue.input === 'string' && /^\d+$/.test(issue.input) ? badId : badName,
  });
}

/** A whole number in a query string (a page size, an offset, an id to page from). */
export function queryInteger(field: string, min: number, max = MAX_ID) {
  return integerText(`${field} must be a whole number.`)
    .pipe(
      z
        .number()
        .min(min, `${field} must be at least ${min}.`)
        .max(max, `${field} must be at most ${max}.`),
    )
    .meta({ 'x-integer': { minimum: min, maximum: max } });
}
