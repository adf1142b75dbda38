import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../plugins/response-serializer.ts';
import { cachedAnswer, isReusedAnswer, reusedAnswer } from './answer-cache.ts';

describe('cached answers', () => {
  it('presents a page once per key and again for another key', () => {
    const page = { rows: [1, 2] };
    let presented = 0;
    const present = () => ({ count: (presented += 1) });
    const first = cachedAnswer(page, 'viewer 1', present);
    expect(cachedAnswer(page, 'viewer 1', present)).toBe(first);
    expect(presented).toBe(1);
    const other = cachedAnswer(page, 'viewer 2', present);
    expect(other).not.toBe(first);
    expect(other.count).toBe(2);
    // Another page with the same key is another answer.
    expect(cachedAnswer({ rows: [1, 2] }, 'viewer 2', present).count).toBe(3);
  });

  it('freezes what it hands out again and marks it reused', () => {
    const answer = cachedAnswer({}, 'key', () => [{ id: 1 }]);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(isReusedAnswer(answer)).toBe(true);
    expect(isReusedAnswer([{ id: 1 }])).toBe(false);
    expect(isReusedAnswer(null)).toBe(false);
  });
});

describe('the response serializer', () => {
  const schema = z.array(z.object({ id: z.number(), title: z.string() }));
  const compile = () =>
    responseSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });

  /** An answer whose `title` counts how often it is read: each serialization reads it once. */
  function countingAnswer() {
    const reads = { count: 0 };
    const item = {
      id: 1,
      get title() {
        reads.count += 1;
        return 'first';
      },
    };
    return { answer: [item], reads };
  }

  it('writes a reused answer once per route', () => {
    const serialize = compile();
    const { answer, reads } = countingAnswer();
    reusedAnswer(answer);
    const json = serialize(answer);
    expect(JSON.parse(json)).toEqual([{ id: 1, title: 'first' }]);
    expect(serialize(answer)).toBe(json);
    expect(reads.count).toBe(1);
    // Another route writes it with its own schema.
    compile()(answer);
    expect(reads.count).toBe(2);
  });

  it('writes any other answer each time', () => {
    const serialize = compile();
    const { answer, reads } = countingAnswer();
    serialize(answer);
    serialize(answer);
    expect(reads.count).toBe(2);
  });

  it('still writes only what the schema names', () => {
    const answer = reusedAnswer([{ id: 1, title: 'a', password_hash: 'secret' }]);
    expect(String(compile()(answer))).toBe('[{"id":1,"title":"a"}]');
  });

  it('keeps a reused answer as UTF-8 bytes, which Fastify writes as they are', () => {
    const written: unknown = compile()(reusedAnswer([{ id: 2, title: 'Zoë' }]));
    expect(Buffer.isBuffer(written)).toBe(true);
    expect(Buffer.from('[{"id":2,"title":"Zoë"}]').equals(written as Buffer)).toBe(true);
  });
});
