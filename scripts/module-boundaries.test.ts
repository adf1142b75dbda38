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

  it("holds the shared folders beside the modules (the job queue...) to a module's index.ts", async () => {
    const internal =
      "import { findUserById } from '../modules/users/repo.ts';\nexport const f = findUserById;";
    const [error] = await boundaryErrors('server/src/jobs/example.ts', internal);
    expect(error).toContain("Module 'src/jobs' imports 'repo.ts' of module 'users'");
    expect(await boundaryErrors('server/src/video/example.ts', internal)).toHaveLength(1);
    const publicSurface =
      "import { findUserById } from '../modules/users/index.ts';\nexport const f = findUserById;";
    expect(await boundaryErrors('server/src/jobs/example.ts', publicSurface)).toEqual([]);
    // The command-line tasks build services, as the composition root does.
    expect(await boundaryErrors('server/src/cli/example.ts', internal)).toEqual([]);
  });
});
