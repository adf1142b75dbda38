import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReusedAnswer } from '../lib/answer-cache.ts';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/**
 * Answers are written by a serializer compiled from each route's response schema: the contract's
 * zod schema turned into JSON Schema (as the API document shows it) and compiled once by
 * fast-json-stringify, Fastify's own serializer. It writes only the properties the schema names,
 * so a field the contract leaves out still never leaves the server, and it costs a third of
 * checking the answer with zod and then stringifying it (the home feed's 20 posts: about 13 µs
 * against 34). A schema JSON Schema cannot state (a transform, a date object) keeps zod's
 * serializer, which checks and encodes the answer first.
 */
export function responseSerializerCompiler(route: RouteSchema): (data: unknown) => string {
  return writingReusedOnce(compile(route));
}

function compile(route: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(route.schema);
  if (!schema) return zodSerializerCompiler(route);
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
}

/**
 * An answer sent again unchanged (a cached page's, `lib/answer-cache.ts`) is written once per
 * route: its JSON is kept beside it, as UTF-8 bytes, for as long as the answer lives. Per
 * route, because the JSON a schema writes is the route's own; as bytes, because encoding a
 * feed's 11 KB string for the socket (and measuring it for Content-Length) on every request was
 * the largest cost left of a cached page once its JSON was kept. Fastify writes a Buffer
 * payload as it is; its serializer type only names strings.
 */
const reusedBytes = new WeakSet<Buffer>();

/** The bytes of a reused answer, sent again unchanged (so also compressed once: `reused-compression.ts`). */
export function isReusedBytes(payload: unknown): payload is Buffer {
  return Buffer.isBuffer(payload) && reusedBytes.has(payload);
}

function writingReusedOnce(serialize: (data: unknown) => string): (data: unknown) => string {
  const written = new WeakMap<object, Buffer>();
  return (data) => {
    if (!isReusedAnswer(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = Buffer.from(serialize(data));
      written.set(data, json);
      reusedBytes.add(json);
    }
    return json as unknown as string;
  };
}
