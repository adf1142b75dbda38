import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run lint:api`: writes the document `/api/docs/openapi.json` serves (built from route
 * registration alone, no database: server/src/cli/api-document.ts) to a temporary file and
 * lints it with Redocly's recommended rules (redocly.yaml). Fails on any error.
 */
const root = path.resolve(import.meta.dirname, '..');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-openapi-'));
const file = path.join(dir, 'openapi.json');
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
try {
  const built = run(process.execPath, ['server/src/cli/api-document.ts', file]);
  const linted =
    built === 0 ? run('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml']) : built;
  process.exitCode = linted;
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
