/** A value of a multipart field as the API document types it: text, a file, or a list of them. */
export type FormValue = string | Blob | readonly (string | Blob)[] | undefined;

/**
 * The FormData of a multipart body typed as an object of its fields (the document's
 * `multipart/form-data` schemas): each field once, a list as one part per item (the server reads
 * `media` so), a file with its own name; an undefined field is left out. The web's uploads and
 * the SDK's `bodySerializer` both send bodies through it. Plain code without zod, so a
 * first-visit chunk may import it.
 */
export function formDataOf(body: Readonly<Record<string, FormValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}
