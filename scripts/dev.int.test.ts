import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';

const runner = path.join(import.meta.dirname, 'dev.ts');
let dir: string;
let current: ChildProcess | undefined;
afterEach(async () => {
  // A failed assertion must not leave a runner and its commands behind: the runner stops them.
  if (current && current.exitCode === null && current.signalCode === null) {
    const exited = once(current, 'exit');
    current.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A fake dev command: a node that starts a grandchild (as npm starts vite), writes both pids to
 * `<name>.pids`, then runs until killed, or exits with `exitCode` after `exitAfterMs`.
 */
function fakeCommand(name: string, exit?: { code: number; afterMs: number }) {
  const script = `
    const { spawn } = require('node:child_process');
    const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    // Printed before the pids are written, so it was sent before the test signals.
    console.log('${name} ready');
    const fs = require('node:fs');
    const file = ${JSON.stringify(path.join(dir, `${name}.pids`))};
    // Written whole, then renamed: the test never reads a half-written file.
    fs.writeFileSync(file + '.tmp', process.pid + ' ' + grandchild.pid);
    fs.renameSync(file + '.tmp', file);
    ${exit ? `setTimeout(() => process.exit(${exit.code}), ${exit.afterMs});` : 'setInterval(() => {}, 1000);'}
  `;
  const file = path.join(dir, `${name}.cjs`);
  fs.writeFileSync(file, script);
  return `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`;
}

function startRunner(args: string[]) {
  const child = spawn(process.execPath, [runner, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEV_STOP_GRACE_MS: '2000' },
  });
  current = child;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => output };
}

async function pidsOf(name: string): Promise<number[]> {
  const file = path.join(dir, `${name}.pids`);
  for (let i = 0; i < 200 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
  return fs.readFileSync(file, 'utf8').split(' ').map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes die a moment after their group is signalled: waits up to 3 s for them to go. */
async function survivors(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 60 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
  return pids.filter(alive);
}

describe('scripts/dev.ts', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops both commands and their children on %s',
    async (signal) => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-dev-'));
      const run = startRunner([fakeCommand('api'), fakeCommand('web')]);
      const pids = [...(await pidsOf('api')), ...(await pidsOf('web'))];
      expect(pids.filter(alive)).toHaveLength(4);
      run.child.kill(signal);
      const [code] = await run.exited;
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(await survivors(pids)).toEqual([]);
      expect(run.output()).toMatch(/^api \| api ready$/m);
      expect(run.output()).toMatch(/^web \| web ready$/m);
    },
  );

  it('stops the other command when one fails, and exits non-zero', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-dev-'));
    const run = startRunner([fakeCommand('api', { code: 3, afterMs: 300 }), fakeCommand('web')]);
    const pids = [...(await pidsOf('api')), ...(await pidsOf('web'))];
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(await survivors(pids)).toEqual([]);
    expect(run.output()).toContain('api | exited (code 3), stopping the others');
  });

  it('exits 0 when a command ends cleanly, stopping the other', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-dev-'));
    const run = startRunner([fakeCommand('api', { code: 0, afterMs: 300 }), fakeCommand('web')]);
    const pids = [...(await pidsOf('api')), ...(await pidsOf('web'))];
    const [code] = await run.exited;
    expect(code).toBe(0);
    expect(await survivors(pids)).toEqual([]);
  });
});
