/**
 * `npm test`: every tier, in order, with one closing line of totals.
 *   1. unit and component (React in happy-dom) tests;
 *   2. the integration tests, once: against TEST_DATABASE_URL's server when it is set, else
 *      against the embedded PostgreSQL (TEST_BOTH_DATABASES=true runs both);
 *   3. the web app built, then the end-to-end journeys in Chromium.
 * Extra arguments are passed to every vitest run (e.g. a file filter).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const extraArgs = process.argv.slice(2);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-test-report-'));
let failedRuns = 0;
/** Why each failed run failed, repeated after the totals: a long log's tail is what gets read. */
const failureNotes: string[] = [];
const OUTPUT_KEPT = 4000;

/** Runs a command with its output shown live and its last lines kept for the failure note. */
function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ ok: boolean; note: string }> {
  console.log(`\n=== ${label} ===`);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n'));
    if (lines.length > OUTPUT_KEPT) lines.splice(0, lines.length - OUTPUT_KEPT);
  };
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (chunk: Buffer) => (process.stdout.write(chunk), keep(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (process.stderr.write(chunk), keep(chunk)));
    child.on('close', (code, signal) => {
      const plain = lines.map((line) => stripVTControlCharacters(line));
      // Vitest's own account of errors outside tests, else the run's last lines.
      const from = plain.findIndex((line) =>
        /Unhandled (Errors|Rejection)|Failed (Suites|Tests)/.test(line),
      );
      const excerpt = (from >= 0 ? plain.slice(from, from + 80) : plain.slice(-40)).join('\n');
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      resolve({ ok: code === 0, note: `${label} ${how}:\n${excerpt}` });
    });
  });
}

async function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs);
  const result = await run(label, 'npx', args, env);
  if (!result.ok) {
    failedRuns += 1;
    failureNotes.push(result.note);
  }
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

// The integration tier runs once: on TEST_DATABASE_URL's server when it is set (faster, and the
// end-to-end tier below runs the embedded PostgreSQL anyway), else on the embedded one.
// TEST_BOTH_DATABASES=true asks for both.
const external = Boolean(process.env.TEST_DATABASE_URL);
const embeddedToo = !external || process.env.TEST_BOTH_DATABASES === 'true';
if (embeddedToo) {
  await vitest('unit, component and integration (embedded PostgreSQL)', [
    'unit',
    'component',
    'integration',
  ]);
} else {
  await vitest('unit and component', ['unit', 'component']);
}
if (external) {
  await vitest('integration (TEST_DATABASE_URL)', ['integration'], { TEST_DB: 'external' });
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: integration tests ran on the embedded PostgreSQL only.',
  );
}

const build = await run('build the web app', 'npm', ['run', 'build']);
if (build.ok) {
  await vitest('end-to-end (Chromium)', ['e2e']);
} else {
  failedRuns += 1;
  failureNotes.push(build.note);
}

fs.rmSync(reportDir, { recursive: true, force: true });
for (const note of failureNotes) console.log(`\n=== FAILED: ${note}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
