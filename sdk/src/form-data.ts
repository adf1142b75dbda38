import { formDataOf, type FormValue } from '@zura/contracts/form-data';

/**
 * A `bodySerializer` for the multipart operations (`POST /api/posts/`, uploads): openapi-fetch
 * sends JSON unless the body is FormData, and the document types these bodies as objects of
 * their fields, so the call stays typed and this turns it into a form. A list becomes one part
 * per item (`media`), as the server reads it; an undefined field is left out.
 *
 *     client.POST('/api/posts/', { body: { content: 'Hello' }, bodySerializer: formData })
 */
export function formData(body: Readonly<Record<string, FormValue>>): FormData {
  return formDataOf(body);
}
