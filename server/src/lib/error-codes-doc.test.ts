import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@zura/contracts';
import { describe, expect, it } from 'vitest';

const API_DOC = path.resolve(import.meta.dirname, '../../../docs/api.md');

/** The codes of docs/api.md's table (`| \`code\` | status | meaning |`), in its order. */
function documentedCodes(markdown: string): string[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Code\s*\|\s*Status\s*\|/.test(line));
  if (header < 0) throw new Error('docs/api.md has no table of error codes');
  const codes: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1]?.trim() ?? '';
    const code = /^`([^`]+)`$/.exec(cell)?.[1];
    if (!code) throw new Error(`a row of the table of error codes has no code: ${line}`);
    codes.push(code);
  }
  return codes;
}

describe('error codes (contracts ERROR_CODES and docs/api.md)', () => {
  const documented = documentedCodes(fs.readFileSync(API_DOC, 'utf8'));

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('documents every code the server sends, and no other', () => {
    const listed = new Set<string>(ERROR_CODES);
    expect(
      documented.filter((code) => !listed.has(code)),
      'in docs/api.md only',
    ).toEqual([]);
    expect(
      ERROR_CODES.filter((code) => !documented.includes(code)),
      'in ERROR_CODES only',
    ).toEqual([]);
  });

  it('keeps snake_case codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
