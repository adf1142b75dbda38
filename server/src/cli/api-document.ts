import fs from 'node:fs/promises';
import { buildApiDocument } from '../plugins/api-docs-offline.ts';

/**
 * Writes the served API document to the path given (`npm run lint:api` lints it):
 * `node server/src/cli/api-document.ts /tmp/openapi.json`.
 */
const target = process.argv[2];
if (!target) {
  console.error('usage: node server/src/cli/api-document.ts <file.json>');
  process.exit(2);
}
await fs.writeFile(target, `${JSON.stringify(await buildApiDocument(), null, 2)}\n`);
// The app was built only to be described: nothing of it needs closing.
process.exit(0);
