import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Checks real answers against the served API document: the status must be one the operation
 * lists, and a JSON body must match the schema documented for that status. Used by
 * openapi-conformance.int.test.ts and, with VALIDATE_RESPONSES set, by every request of every
 * integration test (test/app.ts).
 */

type Schema = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: Schema }> };
type Operation = { responses?: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>> };

export type ResponseProblem = {
  operation: string;
  status: number;
  kind: 'undocumented status' | 'body does not match';
  detail?: string;
};

type Template = { path: string; pattern: RegExp; params: number };

const DOC_ID = 'zura-openapi';

function templatesOf(document: Document): Template[] {
  return (
    Object.keys(document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      }))
      // A literal segment wins over a parameter: `/posts/drafts/` before `/posts/{id}/`.
      .sort((a, b) => a.params - b.params)
  );
}

/** The document's `#/components/...` references, resolvable once it is added to Ajv. */
function rooted(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${DOC_ID}#/`),
  ) as unknown;
}

export function createResponseValidator(rawDocument: unknown) {
  const document = rawDocument as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: DOC_ID, components: (rawDocument as Schema).components ?? {} });
  const templates = templatesOf(document);
  const compiled = new Map<string, ValidateFunction>();

  function operationOf(method: string, url: string) {
    const pathname = (url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    const path = pathname === '/api' ? '/api/' : pathname;
    const template = templates.find(
      (candidate) =>
        candidate.pattern.test(path) && document.paths[candidate.path]?.[method] !== undefined,
    );
    if (!template) return undefined;
    const operation = document.paths[template.path]?.[method];
    return operation ? { name: `${method.toUpperCase()} ${template.path}`, operation } : undefined;
  }

  function schemaValidator(key: string, schema: Schema): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rooted(schema) as Schema);
      compiled.set(key, validate);
    }
    return validate;
  }

  /** The answer's problems; none when it matches, or when the document does not list the path. */
  return function check(
    method: string,
    url: string,
    response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
  ): ResponseProblem[] {
    const found = operationOf(method.toLowerCase(), url);
    if (!found) return [];
    const status = response.statusCode;
    const responses = found.operation.responses ?? {};
    const documented =
      responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!documented) {
      return [{ operation: found.name, status, kind: 'undocumented status' }];
    }
    const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    const schema = documented.content?.['application/json']?.schema;
    if (type !== 'application/json' || !schema || method.toUpperCase() === 'HEAD') return [];
    const validate = schemaValidator(`${found.name} ${status}`, schema);
    if (validate(JSON.parse(response.body) as unknown)) return [];
    return [
      {
        operation: found.name,
        status,
        kind: 'body does not match',
        detail: ajv.errorsText(validate.errors),
      },
    ];
  };
}

export type ResponseValidator = ReturnType<typeof createResponseValidator>;
