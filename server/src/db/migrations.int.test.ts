import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..', '..');

describe('committed migrations', () => {
  it('match the Drizzle schema: generating again finds nothing to add', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-migrations-'));
    try {
      const out = path.join(work, 'drizzle');
      fs.cpSync(path.join(serverDir, 'drizzle'), out, { recursive: true });
      const config = path.join(work, 'drizzle.config.mjs');
      fs.writeFileSync(
        config,
        `export default ${JSON.stringify({
          dialect: 'postgresql',
          schema: path.join(serverDir, 'src/db/schema/index.ts'),
          // drizzle-kit reads `out` relative to its working directory.
          out: './drizzle',
          casing: 'snake_case',
        })};`,
      );
      const before = fs.readdirSync(out).sort();
      const run = spawnSync(
        path.join(serverDir, '..', 'node_modules', '.bin', 'drizzle-kit'),
        ['generate', '--config', config],
        { cwd: work, encoding: 'utf8' },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).toBe(0);
      expect(fs.readdirSync(out).sort()).toEqual(before);
      expect(output).toContain('No schema changes');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
