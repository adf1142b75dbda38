import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The module-boundary errors the project's lint config reports for `code` at `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'zura/module-boundaries')
    .map((message) => message.message);
}

describe('zura/module-boundaries', () => {
  it("fails an import of another module's repository, service or helper", async () => {
    const errors = await boundaryErrors(
      'server/src/modules/tips/example.ts',
      [
        "import { findUserById } from '../users/repo.ts';",
        "export { hiddenFrom } from '../users/visibility.ts';",
        "import type { Notify } from '../../modules/notifications/service.ts';",
        'export type T = [typeof findUserById, Notify];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain("Module 'tips' imports 'repo.ts' of module 'users'");
  });

  it("allows another module's index.ts, the module's own files, and code outside modules", async () => {
    const inModule = [
      "import { findUserById } from '../users/index.ts';",
      "import * as repo from './repo.ts';",
      'export const used = [findUserById, repo];',
    ].join('\n');
    expect(await boundaryErrors('server/src/modules/tips/example.ts', inModule)).toEqual([]);
    const wiring = "import * as users from './modules/users/repo.ts';\nexport const u = users;";
    expect(await boundaryErrors('server/src/example.ts', wiring)).toEqual([]);
  });
});
