import { readFileSync } from 'node:fs';
import { callSummary, chatMessage, clientFrame, notification, serverFrame } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CLOSE } from './frames.ts';

/**
 * docs/live-protocol.md is what third parties implement a client from: it must name every frame
 * of the contract and no other, each with its fields and an example the contract accepts, and
 * every close code the server uses.
 */

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const doc = read('../../../../docs/live-protocol.md');

/** The text under a heading (`## Title` or `### Title`) up to the next heading of its level. */
function section(title: string, level = 2): string {
  const hashes = '#'.repeat(level);
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line === `${hashes} ${title}`);
  if (start === -1) throw new Error(`docs/live-protocol.md has no "${hashes} ${title}"`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => new RegExp(`^#{1,${level}} `).test(line));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

/** The `### \`name\`` subsections of a section, by name. */
function frameSections(text: string): Map<string, string> {
  const parts = text.split(/^### `([^`]+)`$/m);
  const frames = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) frames.set(parts[i] as string, parts[i + 1] ?? '');
  return frames;
}

/** The names in the first column of a section's tables (`| \`name\` | ...`). */
function tableKeys(text: string): string[] {
  return [...text.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1] as string);
}

/** The ```json blocks of a section, parsed. */
function jsonExamples(text: string): unknown[] {
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1] ?? ''));
}

type FrameSchema = z.ZodObject<{ type: z.ZodLiteral<string> }>;
const typeOf = (schema: FrameSchema) => schema.shape.type.value;
const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape).filter((key) => key !== 'type');

const sides = [
  { title: 'Client → server frames', union: clientFrame },
  { title: 'Server → client frames', union: serverFrame },
] as const;

describe.each(sides)('docs/live-protocol.md, "$title"', ({ title, union }) => {
  const documented = frameSections(section(title));
  const schemas = union.options as readonly FrameSchema[];

  it('documents every frame type of the contract, and no other', () => {
    expect([...documented.keys()].sort()).toEqual(schemas.map(typeOf).sort());
  });

  it.each(schemas.map((schema) => [typeOf(schema), schema] as const))(
    '`%s`: lists its fields and gives an example the contract accepts',
    (type, schema) => {
      const text = documented.get(type) ?? '';
      expect(tableKeys(text).sort()).toEqual(fieldsOf(schema).sort());
      const examples = jsonExamples(text);
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(example).toMatchObject({ type });
        expect(union.safeParse(example).error).toBeUndefined();
      }
    },
  );
});

describe('docs/live-protocol.md, "Bodies"', () => {
  const bodies = section('Bodies');
  it.each([
    ['ChatMessage', chatMessage],
    ['Notification', notification],
    ['CallSummary', callSummary],
  ] as const)('%s lists the fields of its contract schema', (name, schema) => {
    const text = bodies.split(/^### /m).find((part) => part.startsWith(`${name}\n`)) ?? '';
    expect(tableKeys(text).sort()).toEqual(Object.keys(schema.shape).sort());
  });
});

describe('docs/live-protocol.md, close codes', () => {
  /** The codes in the first column of the tables of a section. */
  const codesIn = (text: string) => [...new Set(tableKeys(text).map(Number))].sort();

  it('lists every code of CLOSE, the notification socket’s codes, and no other', () => {
    expect(codesIn(section('Close codes'))).toEqual([...new Set(Object.values(CLOSE))].sort());
  });

  it('the notification socket closes only with a code of CLOSE', () => {
    for (const file of ['./routes.ts', './hub.ts']) {
      expect(read(file)).not.toMatch(/\.close\(\s*\d/);
    }
  });

  it('lists every code the call signalling socket is closed with, and no other', () => {
    const source = ['../calls/peer-server.ts', '../calls/signalling.ts'].map(read).join('\n');
    const used = [
      ...source.matchAll(/(?:close|refuse|leave)\([^()]*?\b([14]\d{3})\b/g),
      ...source.matchAll(/\bcode: ([14]\d{3})\b/g),
    ].map((match) => Number(match[1]));
    expect(used.length).toBeGreaterThan(0);
    expect(codesIn(section('What ends it', 3))).toEqual([...new Set(used)].sort());
  });
});
