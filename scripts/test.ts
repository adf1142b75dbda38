/**
 * `npm test`: every tier, in order, with one closing line of totals.
 *   1. unit and integration tests against the embedded PostgreSQL;
 *   2. the integration tests again against TEST_DATABASE_URL's server, when it is set;
 *   3. the web app built, then the end-to-end journeys in Chromium.
 * Extra arguments are passed to every vitest run (e.g. a file filter).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const extraArgs = process.argv.slice(2);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-test-report-'));
let failedRuns = 0;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}): void {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs);
  if (!run(label, 'npx', args, env)) failedRuns += 1;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    // No report means the run died before testing; it already counts as a failed run.
  }
}

vitest('unit and integration (embedded PostgreSQL)', ['unit', 'integration']);

if (process.env.TEST_DATABASE_URL) {
  vitest('integration (TEST_DATABASE_URL)', ['integration'], { TEST_DB: 'external' });
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: integration tests ran on the embedded PostgreSQL only.',
  );
}

if (run('build the web app', 'npm', ['run', 'build'])) {
  vitest('end-to-end (Chromium)', ['e2e']);
} else {
  failedRuns += 1;
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
