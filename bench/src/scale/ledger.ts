import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';
import { api, connectDatabase, logIn, signUp, sleep, type Account } from './common.ts';
import { scaleSettings } from './settings.ts';

const TIP_SECONDS = 10;
const TIP_PAIRS = 8;
const TOPUP_CENTS = 1_000_000; // the largest top-up the API takes: $10,000
const PRICE = '1'; // $1.00, the smallest price of a locked message

type Attempt = { status: number; ms: number; unlocked: boolean };

async function timedPost(
  url: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Attempt> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const unlocked = response.ok && (JSON.parse(text) as { is_unlocked?: boolean }).is_unlocked;
    return {
      status: response.status,
      ms: performance.now() - started,
      unlocked: unlocked === true,
    };
  } catch {
    return { status: 0, ms: performance.now() - started, unlocked: false };
  }
}

async function topUp(url: string, account: Account, times: number) {
  for (let i = 0; i < times; i += 1) {
    await api(
      url,
      account.access,
      'POST',
      '/api/wallet/topups/',
      { amount: String(TOPUP_CENTS / 100) },
      { 'idempotency-key': `bench-topup-${account.id}-${i}` },
    );
  }
}

/** Closed loop: `concurrency` workers tip as fast as answers come, for `seconds`. */
async function tipLoop(
  db: pg.Client,
  url: string,
  pairs: { fan: Account; creatorId: number }[],
  concurrency: number,
  seconds: number,
) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let sequence = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  // Meanwhile, what the server's database connections are doing: running, or waiting for a lock.
  const waits = { samples: 0, active: 0, waitingOnLock: 0 };
  const watching = (async () => {
    while (performance.now() < deadline) {
      const { rows } = await db.query<{ active: string; locked: string }>(
        `select count(*) filter (where state = 'active') as active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock') as locked
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_type = 'client backend'`,
      );
      waits.samples += 1;
      waits.active += Number(rows[0]?.active);
      waits.waitingOnLock += Number(rows[0]?.locked);
      await sleep(100);
    }
  })();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const { fan, creatorId } = pairs[worker % pairs.length] as (typeof pairs)[number];
      while (performance.now() < deadline) {
        sequence += 1;
        const attempt = await timedPost(
          `${url}/api/tips/`,
          fan.access,
          { creator_id: creatorId, amount: PRICE },
          { 'idempotency-key': `bench-tip-${fan.id}-${sequence}` },
        );
        statuses[attempt.status] = (statuses[attempt.status] ?? 0) + 1;
        if (attempt.status === 201) latencies.push(attempt.ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await watching;
  return {
    waits,
    perSecond: latencies.length / elapsed,
    ok: latencies.length,
    latency: summarize(latencies),
    statuses,
  };
}

/** Mean database connections running a query, and how many of them waited for a row lock. */
const describeWaits = (w: { samples: number; active: number; waitingOnLock: number }) =>
  `on average ${(w.active / Math.max(1, w.samples)).toFixed(1)} queries running, ${(w.waitingOnLock / Math.max(1, w.samples)).toFixed(1)} of them waiting for a lock (pg_stat_activity every 100 ms)`;

const describeStatuses = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n.toLocaleString('en-US')}`)
    .join(', ');

async function ledgerChecks(db: pg.Client) {
  const { rows } = await db.query<{
    total: string;
    unbalanced: string;
    negative: string;
    drifted: string;
  }>(
    `select (select coalesce(sum(amount_cents), 0) from ledger_entries) as total,
            (select count(*) from (select transaction_id from ledger_entries group by 1
                                   having sum(amount_cents) <> 0) t) as unbalanced,
            (select count(*) from ledger_accounts where kind <> 'external' and balance_cents < 0)
              as negative,
            (select count(*) from ledger_accounts a
              where balance_cents <> (select coalesce(sum(amount_cents), 0) from ledger_entries e
                                       where e.account_id = a.id)) as drifted`,
  );
  const row = rows[0];
  return {
    total: Number(row?.total),
    unbalanced: Number(row?.unbalanced),
    negative: Number(row?.negative),
    drifted: Number(row?.drifted),
  };
}

export const ledger: Benchmark = {
  name: 'ledger',
  title: 'Money under concurrency: 50 simultaneous unlocks of one locked message, and tips',
  async run() {
    const { ledgerRounds, ledgerMaxSeconds, unlockConcurrency, tipConcurrency } = scaleSettings;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    try {
      const { url } = server;
      const creator = await signUp(url, 'ledger_creator');
      const fan = await signUp(url, 'ledger_fan');
      await db.query('update users set is_creator = true where id = $1', [creator.id]);
      const conversation = await api<{ id: number }>(
        url,
        fan.access,
        'POST',
        '/api/messaging/conversations/start_conversation/',
        { recipient_id: creator.id },
      );
      await topUp(url, fan, 2);

      // Rounds: the creator sends a locked message, the fan asks to unlock it 50 times at once.
      const roundMs: number[] = [];
      const unlockMs: number[] = [];
      const unlockStatuses: Record<string, number> = {};
      let notUnlocked = 0;
      const roundsStarted = performance.now();
      let rounds = 0;
      while (rounds < ledgerRounds && performance.now() - roundsStarted < ledgerMaxSeconds * 1000) {
        const message = await api<{ id: number }>(
          url,
          creator.access,
          'POST',
          `/api/messaging/conversations/${conversation.id}/send_message/`,
          { text: `locked ${rounds}`, is_locked: true, price: PRICE },
        );
        const started = performance.now();
        const attempts = await Promise.all(
          Array.from({ length: unlockConcurrency }, () =>
            timedPost(`${url}/api/messaging/messages/${message.id}/unlock/`, fan.access, {}),
          ),
        );
        roundMs.push(performance.now() - started);
        for (const attempt of attempts) {
          unlockStatuses[attempt.status] = (unlockStatuses[attempt.status] ?? 0) + 1;
          if (attempt.status === 200) unlockMs.push(attempt.ms);
          if (!attempt.unlocked) notUnlocked += 1;
        }
        rounds += 1;
      }
      const roundsSeconds = (performance.now() - roundsStarted) / 1000;
      const { rows: debits } = await db.query<{ debits: number; messages: string }>(
        `select debits, count(*) as messages from (
           select m.id, count(t.id)::int as debits from messages m
             left join ledger_transactions t
               on t.kind = 'message_unlock' and (t.reference ->> 'message_id')::bigint = m.id
            where m.conversation_id = $1 and m.is_locked
            group by m.id) per_message
          group by debits order by debits`,
        [conversation.id],
      );
      const exactlyOne = Number(debits.find((row) => row.debits === 1)?.messages ?? 0);
      const debitSpread = debits
        .map((row) => `${Number(row.messages).toLocaleString('en-US')} with ${row.debits}`)
        .join(', ');

      // Tips: one fan to one creator, then 8 fans to 8 creators.
      const oneToOne = await tipLoop(
        db,
        url,
        [{ fan, creatorId: creator.id }],
        tipConcurrency,
        TIP_SECONDS,
      );
      const { rows: hashRow } = await db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [fan.id],
      );
      await db.query(
        `insert into users (username, email, password_hash, is_creator)
         select 'ledger_' || kind || '_' || g, 'ledger_' || kind || '_' || g || '@example.com', $1,
                kind = 'creator'
           from generate_series(1, $2::int) g, unnest(array['fan', 'creator']) kind`,
        [hashRow[0]?.password_hash, TIP_PAIRS],
      );
      const pairs: { fan: Account; creatorId: number }[] = [];
      for (let i = 1; i <= TIP_PAIRS; i += 1) {
        const email = `ledger_fan_${i}@example.com`;
        const { rows } = await db.query<{ fan: string; creator: string }>(
          `select (select id from users where username = $1) as fan,
                  (select id from users where username = $2) as creator`,
          [`ledger_fan_${i}`, `ledger_creator_${i}`],
        );
        const account: Account = {
          id: Number(rows[0]?.fan),
          username: `ledger_fan_${i}`,
          email,
          access: await logIn(url, email),
        };
        await topUp(url, account, 1);
        pairs.push({ fan: account, creatorId: Number(rows[0]?.creator) });
      }
      const manyPairs = await tipLoop(db, url, pairs, tipConcurrency, TIP_SECONDS);

      const { rows: tipRows } = await db.query<{ tips: string }>(
        "select count(*) as tips from ledger_transactions where kind = 'tip'",
      );
      const tipsRecorded = Number(tipRows[0]?.tips);
      const tipsAnswered = oneToOne.ok + manyPairs.ok;
      const checks = await ledgerChecks(db);
      const round = summarize(roundMs);
      const unlock = summarize(unlockMs);

      const figures: Figure[] = [
        {
          metric: 'unlock rounds run',
          value: rounds,
          digits: 0,
          target: { text: `${ledgerRounds.toLocaleString('en-US')}`, met: rounds >= ledgerRounds },
          note: `${roundsSeconds.toFixed(1)} s; ${(rounds / roundsSeconds).toFixed(1)} rounds/s${rounds < ledgerRounds ? `; stopped at the ${ledgerMaxSeconds} s bound` : ''}`,
        },
        {
          metric: 'locked messages debited exactly once',
          value: exactlyOne,
          digits: 0,
          target: { text: `all ${rounds}`, met: exactlyOne === rounds && debits.length === 1 },
          note: `messages by number of message_unlock transactions: ${debitSpread || 'none'}`,
        },
        {
          metric: 'unlock answers',
          value: describeStatuses(unlockStatuses),
          note: `${notUnlocked} answers did not show the message unlocked`,
        },
        { metric: 'one round (50 answers): p50', value: round.p50, unit: 'ms', digits: 1 },
        {
          metric: 'one round (50 answers): p99',
          value: round.p99,
          unit: 'ms',
          digits: 1,
          note: `one unlock request: p50 ${unlock.p50.toFixed(1)} ms, p99 ${unlock.p99.toFixed(1)} ms`,
        },
        {
          metric: 'tips, 1 fan → 1 creator',
          value: oneToOne.perSecond,
          unit: 'tips/s',
          digits: 1,
          note: `${tipConcurrency} in flight, ${TIP_SECONDS} s; ${describeStatuses(oneToOne.statuses)}`,
        },
        {
          metric: 'tips, 1 fan → 1 creator: p50',
          value: oneToOne.latency.p50,
          unit: 'ms',
          digits: 1,
          note: describeWaits(oneToOne.waits),
        },
        {
          metric: 'tips, 1 fan → 1 creator: p99',
          value: oneToOne.latency.p99,
          unit: 'ms',
          digits: 1,
        },
        {
          metric: `tips, ${TIP_PAIRS} fans → ${TIP_PAIRS} creators`,
          value: manyPairs.perSecond,
          unit: 'tips/s',
          digits: 1,
          note: `${tipConcurrency} in flight, ${TIP_SECONDS} s; ${describeStatuses(manyPairs.statuses)}`,
        },
        {
          metric: `tips, ${TIP_PAIRS} fans → ${TIP_PAIRS} creators: p50`,
          value: manyPairs.latency.p50,
          unit: 'ms',
          digits: 1,
          note: describeWaits(manyPairs.waits),
        },
        {
          metric: `tips, ${TIP_PAIRS} fans → ${TIP_PAIRS} creators: p99`,
          value: manyPairs.latency.p99,
          unit: 'ms',
          digits: 1,
        },
        {
          metric: 'tips answered 201 / tip transactions in the ledger',
          value: `${tipsAnswered.toLocaleString('en-US')} / ${tipsRecorded.toLocaleString('en-US')}`,
          target: { text: 'equal', met: tipsAnswered === tipsRecorded },
        },
        {
          metric: 'sum of all ledger entries',
          value: checks.total,
          unit: 'cents',
          digits: 0,
          target: { text: '= 0', met: checks.total === 0 },
          note: `${checks.unbalanced} unbalanced transactions; ${checks.drifted} accounts whose balance differs from their entries`,
        },
        {
          metric: 'non-external accounts below zero',
          value: checks.negative,
          digits: 0,
          target: { text: '= 0', met: checks.negative === 0 },
        },
      ];
      return {
        name: this.name,
        title: this.title,
        setup: [
          `a creator and a fan signed up through the API; the fan tops up $${(2 * TOPUP_CENTS) / 100} (POST /api/wallet/topups/, test-mode provider, Idempotency-Key)`,
          `each round: the creator sends a locked message (price $${PRICE}) with POST …/send_message/, then ${unlockConcurrency} POST /api/messaging/messages/{id}/unlock/ from the fan at once (fetch, ${unlockConcurrency} connections)`,
          `tips: POST /api/tips/ {creator_id, amount: '${PRICE}'}, unique Idempotency-Key each, closed loop with ${tipConcurrency} in flight for ${TIP_SECONDS} s; first one fan → one creator, then ${TIP_PAIRS} fans → ${TIP_PAIRS} creators (fans signed up in SQL, logged in and topped up through the API)`,
          'checks in SQL afterwards: message_unlock transactions per message; sum of ledger_entries; per-transaction sums; balances against entries; negative balances',
        ],
        figures,
      };
    } finally {
      await db.end().catch(() => undefined);
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  },
};
