/**
 * `npm run dev`: the API (node --watch) and the web (Vite) side by side, each line prefixed
 * with its name. Ctrl-C, SIGTERM, or either one exiting stops the other, so nothing is left
 * running in the background; the exit code is non-zero when a command failed.
 *
 * Each command runs in its own process group (detached). Stopping signals the command itself
 * first (node --watch passes SIGTERM on to the server, which must get it once: a second signal
 * cuts its graceful shutdown short); once it has exited, whatever is left in its group is sent
 * SIGTERM, and after DEV_STOP_GRACE_MS the group is killed.
 *
 *   node scripts/dev.ts                       # server and web
 *   node scripts/dev.ts 'api=cmd ...' 'b=...' # other commands, as name=shell command
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The workspaces' dev scripts, run without npm in between: npm passes a signal to its shell,
 * which dies without passing it on, leaving `node --watch` behind. With `exec` the command is
 * the process we signal, and node --watch stops the server once, gracefully.
 */
const DEFAULT_COMMANDS = [
  `server=cd server && exec "${process.execPath}" --watch src/main.ts`,
  `web=cd web && exec "${process.execPath}" ../node_modules/vite/bin/vite.js`,
];
/** How long a command has to stop after SIGTERM before it is killed outright. */
const GRACE_MS = Number(process.env.DEV_STOP_GRACE_MS ?? 5000);
const COLORS = [36, 35, 33, 32, 34];

type Command = { name: string; line: string };

function parseCommands(args: string[]): Command[] {
  return (args.length > 0 ? args : DEFAULT_COMMANDS).map((arg) => {
    const at = arg.indexOf('=');
    if (at <= 0) {
      console.error(`dev: "${arg}" is not name=command`);
      process.exit(2);
    }
    return { name: arg.slice(0, at), line: arg.slice(at + 1) };
  });
}

const commands = parseCommands(process.argv.slice(2));
const width = Math.max(...commands.map((c) => c.name.length));
const running = new Set<ChildProcess>();
let stopping = false;
let exitCode = 0;

function prefix(command: Command, index: number) {
  const label = command.name.padEnd(width);
  return process.stdout.isTTY
    ? `\x1b[${COLORS[index % COLORS.length]}m${label} |\x1b[0m `
    : `${label} | `;
}

/** Signals a command's whole process group; it may already be gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group has exited already.
  }
}

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  }, GRACE_MS);
  timer.unref();
}

commands.forEach((command, index) => {
  const child = spawn(command.line, {
    shell: true,
    detached: true,
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const tag = prefix(command, index);
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => out.write(`${tag}${line}\n`));
  }
  child.on('exit', (code, signal) => {
    // A command stopped by us is not a failure; one that ended by itself is reported.
    if (!stopping) {
      console.error(`${tag}exited (${signal ?? `code ${code}`}), stopping the others`);
      stopAll(code === 0 ? 0 : 1);
    }
    // The group may still hold grandchildren that outlived the command.
    signalGroup(child, 'SIGTERM');
  });
  // 'close' comes once the group's last output is read, so no line is lost on the way out.
  child.on('close', () => {
    running.delete(child);
    if (running.size === 0) process.exit(exitCode);
  });
});

// Ctrl-C: 130 as a shell would report; SIGTERM: 143.
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
