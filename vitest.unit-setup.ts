/**
 * The unit tier is pure code: a test there that starts a process (a script, ffmpeg,
 * drizzle-kit) fails at once with this message instead of quietly costing seconds. Tests that
 * need a process belong in the integration tier (`*.int.test.ts`).
 *
 * Node's ESM view of a built-in (`import { spawn } from 'node:child_process'`) is a copy of
 * the CommonJS exports; syncBuiltinESMExports() makes it see the replacements too.
 */
// The default export is the CommonJS exports object itself, what require() answers too.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const names = [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
] as const;

for (const name of names) {
  Object.assign(childProcess, {
    [name]: (command: unknown) => {
      throw new Error(
        `child_process.${name}(${JSON.stringify(command)}) in a unit test: the unit tier spawns ` +
          'no process. Rewrite the test without it, or make it an integration test ' +
          '(rename it *.int.test.ts).',
      );
    },
  });
}
syncBuiltinESMExports();
