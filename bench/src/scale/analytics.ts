import type { Benchmark } from '../lib/benchmark.ts';
import { below } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { median } from '../lib/stats.ts';
import { connectDatabase, drainDatabase, signUp, timed } from './common.ts';
import { loadFigures, loadWithHeaders } from './load.ts';
import { scaleSettings } from './settings.ts';

const WARM_UP_SECONDS = 2;
const PROBES = 5;
const CREATORS = 200;
const FANS = 20_000;
/** Of all payments, the share made to the measured creator (the rest spread over the others). */
const MEASURED_SHARE = 0.1;
const DAYS = 730;

type AnalyticsBody = { totals: { total: { gross_cents: number; count: number } } };

/**
 * Earnings analytics at scale: 1M ledger transactions over two years written through the
 * roll-up triggers of migration 0033, then the analytics API timed for 30 days and 12 months.
 */
export const analytics: Benchmark = {
  name: 'analytics',
  title: 'Earnings analytics over 1M ledger transactions: GET /api/creator/analytics/',
  async run(context) {
    const transactions = scaleSettings.analyticsTransactions;
    const { connections } = scaleSettings;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    try {
      const { url } = server;
      const creator = await signUp(url, 'analytics_creator');
      await db.query('update users set is_creator = true where id = $1', [creator.id]);
      const [, generateMs] = await timed(async () => {
        await db.query(
          `insert into users (username, email, password_hash, is_creator)
           select 'an_' || kind || '_' || g, 'an_' || kind || '_' || g || '@example.com', 'x', kind = 'c'
             from (select 'c' as kind, generate_series(1, $1::int) as g
                   union all select 'f', generate_series(1, $2::int)) s`,
          [CREATORS - 1, FANS],
        );
        // Payments with a kind mix like a creator's month (mostly subscriptions and renewals),
        // at a uniform random moment over two years, through the triggers, one statement.
        await db.query(
          `with creators as (
             select array_agg(id order by id) as ids from users
              where id = $1 or username like 'an\\_c\\_%'),
           fans as (select array_agg(id order by id) as ids from users where username like 'an\\_f\\_%'),
           picked as (
             select g, random() as r, random() as who, random() as fan, random() as age
               from generate_series(1, $2::int) g)
           insert into ledger_transactions (kind, payer_id, payee_id, amount_cents, fee_cents, created_at)
           select kind, payer, payee, amount, round(amount * 0.1), at
             from (select case when r < 0.35 then 'subscription' when r < 0.65 then 'renewal'
                               when r < 0.8 then 'tip' when r < 0.92 then 'message_unlock'
                               else 'post_unlock' end as kind,
                          fans.ids[1 + floor(fan * array_length(fans.ids, 1))::int] as payer,
                          case when who < $3 then $1::bigint
                               else creators.ids[1 + floor(random() * array_length(creators.ids, 1))::int] end as payee,
                          (100 + floor(random() * 2000))::bigint as amount,
                          now() - age * $4::int * interval '1 day' as at
                     from picked, creators, fans) p`,
          [creator.id, transactions, MEASURED_SHARE, DAYS],
        );
        // Subscriptions to the measured creator, one per fan; half of them expired since.
        await db.query(
          `insert into subscriptions (fan_id, creator_id, price_cents, current_period_end, created_at)
           select id, $1, 499, now() + interval '10 days', now() - random() * $2::int * interval '1 day'
             from users where username like 'an\\_f\\_%'`,
          [creator.id, DAYS],
        );
        await db.query(
          `update subscriptions set status = 'expired', expired_at = created_at + interval '30 days'
            where creator_id = $1 and fan_id % 2 = 0`,
          [creator.id],
        );
        await db.query('vacuum analyze');
      });
      const counts = await db.query<{ ledger: string; daily: string; monthly: string }>(
        `select (select count(*) from ledger_transactions) as ledger,
                (select count(*) from creator_daily_earnings) as daily,
                (select count(*) from creator_monthly_fans) as monthly`,
      );
      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const ranges = [
        { label: '30 days by day', query: `from=${day(-29)}&to=${day(0)}&granularity=day` },
        { label: '12 months by month', query: `from=${day(-364)}&to=${day(0)}&granularity=month` },
      ];
      const headers = { authorization: `Bearer ${creator.access}` };
      // The API's 12-month totals must equal the ledger's for the same UTC days.
      const checked = await fetch(`${url}/api/creator/analytics/?${ranges[1]?.query ?? ''}`, {
        headers,
      });
      const body = (await checked.json()) as AnalyticsBody;
      const ledger = await db.query<{ gross: string; n: string }>(
        `select coalesce(sum(amount_cents), 0) as gross, count(*) as n from ledger_transactions
          where payee_id = $1 and (created_at at time zone 'UTC')::date between $2 and $3
            and kind in ('subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock')`,
        [creator.id, day(-364), day(0)],
      );
      const figures = [];
      figures.push({
        metric: '12 months: API gross equals the ledger',
        value: body.totals.total.gross_cents === Number(ledger.rows[0]?.gross) ? 'yes' : 'NO',
        note: `HTTP ${checked.status}; ${body.totals.total.count.toLocaleString('en-US')} payments, ${(body.totals.total.gross_cents / 100).toLocaleString('en-US')} USD gross`,
      });
      for (const range of ranges) {
        const path = `/api/creator/analytics/?${range.query}`;
        const alone: number[] = [];
        for (let i = 0; i < PROBES; i += 1) {
          const [response, ms] = await timed(() => fetch(`${url}${path}`, { headers }));
          await response.arrayBuffer();
          alone.push(ms);
        }
        const target = { url: `${url}${path}`, headers, connections };
        await loadWithHeaders({ ...target, durationSeconds: WARM_UP_SECONDS });
        await drainDatabase(db);
        const result = await loadWithHeaders({
          ...target,
          durationSeconds: context.durationSeconds,
        });
        await drainDatabase(db);
        figures.push(
          ...loadFigures(`${range.label}`, result, { p99: below(result.latency.p99, 100, 'ms') }),
          {
            metric: `${range.label}: one request alone`,
            value: median(alone),
            unit: 'ms',
            digits: 1,
            note: `median of ${PROBES} sequential requests before the load`,
          },
        );
      }
      const csv: number[] = [];
      for (let i = 0; i < PROBES; i += 1) {
        const [response, ms] = await timed(() =>
          fetch(`${url}/api/creator/analytics/export/?from=${day(-729)}&to=${day(0)}`, { headers }),
        );
        await response.arrayBuffer();
        csv.push(ms);
      }
      figures.push({
        metric: 'CSV export of two years alone',
        value: median(csv),
        unit: 'ms',
        digits: 1,
        note: `median of ${PROBES}; 730 days x 4 sources`,
      });

      return {
        name: this.name,
        title: this.title,
        setup: [
          `autocannon, ${connections} connections, ${context.durationSeconds} s per range after a ${WARM_UP_SECONDS} s warm-up, signed in as the measured creator; embedded PostgreSQL`,
          `generated in SQL in ${(generateMs / 1000).toFixed(1)} s through the roll-up triggers: ${Number(counts.rows[0]?.ledger).toLocaleString('en-US')} ledger transactions over ${DAYS} days, ${CREATORS} creators (${MEASURED_SHARE * 100}% of payments to the measured one), ${FANS.toLocaleString('en-US')} fans; ${FANS.toLocaleString('en-US')} subscriptions to the measured creator, half expired; roll-ups: ${Number(counts.rows[0]?.daily).toLocaleString('en-US')} daily earnings rows, ${Number(counts.rows[0]?.monthly).toLocaleString('en-US')} monthly fan rows; VACUUM ANALYZE`,
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
