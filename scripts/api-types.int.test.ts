import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatedApiFiles, ROOT } from './api-types.ts';

/** The committed document and types are what the routes give: run `npm run generate:api`. */
it('regenerating the API document and its types gives no diff', async () => {
  for (const { file, text } of await generatedApiFiles()) {
    const committed = await fs.readFile(file, 'utf8').catch(() => '(missing)');
    expect(committed, `${path.relative(ROOT, file)} is stale: npm run generate:api`).toBe(text);
  }
}, 120_000);
