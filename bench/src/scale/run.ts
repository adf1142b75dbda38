/**
 * Zura's scale benchmarks: large generated data sets, big uploads, money under concurrency,
 * many sockets, a popular creator's inbox, earnings analytics and federated delivery. Each starts its own server on a fresh DATA_DIR.
 *
 *   npx node bench/src/scale/run.ts [feed|upload|ledger|realtime|library|inbox|video|mass|analytics|federation ...] [options]
 *
 * A missed target is reported, never a failure: the exit code is non-zero only when a
 * benchmark could not run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createContext } from '../lib/benchmark.ts';
import { describeCpu, describeMachine, machineBusy, watchCpu } from '../lib/machine.ts';
import { printResult, printSummary, type BenchmarkResult } from '../lib/report.ts';
import { scaleBenchmarks } from './index.ts';
import { scaleSettings, type UploadStorage } from './settings.ts';

const usage = `Usage: npx node bench/src/scale/run.ts [name ...] [options]
Names: ${scaleBenchmarks.map((b) => b.name).join(', ')} (default: all, in that order).
Options:
  --duration <s>      seconds of load per measurement (default 10)
  --connections <n>   autocannon connections for feed and library (default ${scaleSettings.connections})
  --posts <n>         feed: the large post count (default ${scaleSettings.feedPostsLarge})
  --likes <n>         feed: likes added at the large size, 0 to skip (default ${scaleSettings.feedLikes})
  --upload-mb <n>     upload: file size in MiB (default ${scaleSettings.uploadBytes / 1024 ** 2})
  --upload-storage <s> upload: local, s3 or both (default both: local disk, then S3 on s3rver)
  --rounds <n>        ledger: unlock rounds (default ${scaleSettings.ledgerRounds})
  --sockets <n>       realtime: sockets to connect (default ${scaleSettings.sockets})
  --rate <n>          realtime: messages per second (default ${scaleSettings.messagesPerSecond})
  --items <n>         library: items (default ${scaleSettings.libraryItems})
  --conversations <n> inbox: the creator's conversations (default ${scaleSettings.inboxConversations})
  --unread <n>        inbox: the creator's unread notifications (default ${scaleSettings.inboxUnreadNotifications})
  --recipients <n>    mass: active subscribers the mass message goes to (default ${scaleSettings.massRecipients})
  --followers <n>     federation: remote followers of the creator (default ${scaleSettings.federationFollowers})
  --inboxes <n>       federation: the servers (shared inboxes) they are on (default ${scaleSettings.federationInboxes})
  --transactions <n>  analytics: ledger transactions (default ${scaleSettings.analyticsTransactions})
  --json <file>       also write every figure to <file>`;

function count(value: string | undefined, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
  return n;
}

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string' },
      posts: { type: 'string' },
      likes: { type: 'string' },
      'upload-mb': { type: 'string' },
      'upload-storage': { type: 'string' },
      rounds: { type: 'string' },
      sockets: { type: 'string' },
      rate: { type: 'string' },
      items: { type: 'string' },
      conversations: { type: 'string' },
      followers: { type: 'string' },
      inboxes: { type: 'string' },
      unread: { type: 'string' },
      recipients: { type: 'string' },
      transactions: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const names = positionals.length > 0 ? positionals : scaleBenchmarks.map((b) => b.name);
  for (const name of names) {
    if (!scaleBenchmarks.some((b) => b.name === name)) {
      throw new Error(`Unknown benchmark "${name}".\n${usage}`);
    }
  }
  if (values.connections)
    scaleSettings.connections = count(values.connections, 'connections', 1, 1000);
  if (values.posts) scaleSettings.feedPostsLarge = count(values.posts, 'posts', 10_000, 10_000_000);
  if (values.likes) scaleSettings.feedLikes = count(values.likes, 'likes', 0, 100_000_000);
  if (values['upload-mb']) {
    scaleSettings.uploadBytes = count(values['upload-mb'], 'upload-mb', 1, 10_000) * 1024 ** 2;
  }
  if (values['upload-storage']) {
    const storages: Record<string, UploadStorage[]> = {
      local: ['local'],
      s3: ['s3'],
      both: ['local', 's3'],
    };
    const chosen = storages[values['upload-storage']];
    if (!chosen) {
      throw new Error(
        `--upload-storage must be local, s3 or both, got ${values['upload-storage']}`,
      );
    }
    scaleSettings.uploadStorages = chosen;
  }
  if (values.rounds) scaleSettings.ledgerRounds = count(values.rounds, 'rounds', 1, 100_000);
  if (values.sockets) scaleSettings.sockets = count(values.sockets, 'sockets', 2, 200_000);
  if (values.rate) scaleSettings.messagesPerSecond = count(values.rate, 'rate', 1, 10_000);
  if (values.items) scaleSettings.libraryItems = count(values.items, 'items', 1, 1_000_000);
  // The inbox probes 20 conversations and 20 notifications one after another.
  if (values.conversations) {
    scaleSettings.inboxConversations = count(values.conversations, 'conversations', 20, 1_000_000);
  }
  if (values.unread) {
    scaleSettings.inboxUnreadNotifications = count(values.unread, 'unread', 20, 10_000_000);
  }
  if (values.recipients) {
    scaleSettings.massRecipients = count(values.recipients, 'recipients', 1, 1_000_000);
  }
  if (values.followers) {
    scaleSettings.federationFollowers = count(values.followers, 'followers', 1, 1_000_000);
  }
  if (values.inboxes) {
    scaleSettings.federationInboxes = count(values.inboxes, 'inboxes', 1, 10_000);
  }
  if (values.transactions) {
    scaleSettings.analyticsTransactions = count(
      values.transactions,
      'transactions',
      1_000,
      100_000_000,
    );
  }
  return {
    help: values.help,
    json: values.json,
    durationSeconds: count(values.duration, 'duration', 1, 120),
    selected: scaleBenchmarks.filter((b) => names.includes(b.name)),
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(usage);
    for (const b of scaleBenchmarks) console.log(`  ${b.name.padEnd(9)} ${b.title}`);
    return;
  }
  const machine = describeMachine();
  console.log(`${machine.join('\n')}\n`);
  // The scale benchmarks start their own servers; the context only carries the duration.
  const context = createContext({
    durationSeconds: options.durationSeconds,
    mixedConnections: 4,
    loginRate: 50,
  });
  const results: BenchmarkResult[] = [];
  let failed = false;
  for (const benchmark of options.selected) {
    const busy = await machineBusy();
    const loadBefore = os.loadavg();
    const started = performance.now();
    const cpu = await watchCpu();
    try {
      const result = await benchmark.run(context);
      const share = await cpu();
      const loadAfter = os.loadavg();
      const fmt = (load: number[]) => load.map((n) => n.toFixed(2)).join(' / ');
      result.setup.push(
        `took ${((performance.now() - started) / 1000).toFixed(1)} s; machine ${busy === undefined ? '?' : Math.round(busy * 100)}% busy just before; load average (1/5/15 min) ${fmt(loadBefore)} before, ${fmt(loadAfter)} after`,
        `CPUs over the whole benchmark: ${share ? Math.round(share.machine * 100) : '?'}% busy (${describeCpu(share)})`,
      );
      results.push(result);
      printResult(result);
    } catch (error) {
      failed = true;
      console.error(
        `${benchmark.name}: could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }
  await context.close();
  printSummary(results);
  if (options.json) {
    await fs.writeFile(
      options.json,
      `${JSON.stringify({ machine, settings: scaleSettings, results }, null, 2)}\n`,
    );
    console.log(`Figures written to ${options.json}`);
  }
  if (failed) process.exitCode = 1;
}

await main();
