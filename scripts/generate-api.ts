import fs from 'node:fs/promises';
import path from 'node:path';
import { generatedApiFiles, ROOT } from './api-types.ts';

/**
 * `npm run generate:api`: writes contracts/openapi.json and contracts/src/openapi.ts from the
 * routes. Run it after changing a route's schema and commit both files with the change.
 */
for (const { file, text } of await generatedApiFiles()) {
  await fs.writeFile(file, text);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}
