import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark.ts';
import { below, type Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { median } from '../lib/stats.ts';
import { connectDatabase, drainDatabase, logIn, signUp, timed } from './common.ts';
import { insertLikes } from './feed-likes.ts';
import { atLeast, loadFigures, loadWithHeaders, type HeaderLoadResult } from './load.ts';
import { scaleSettings } from './settings.ts';

const WARM_UP_SECONDS = 2;
const FOLLOWED_ACTIVE = 1_000;
const DORMANT_CREATORS = 5;
const POSTS_PER_DORMANT = 20;
const PROBES = 3;

type Measured = HeaderLoadResult & {
  /** Median of a few requests sent one at a time before the load, in ms. */
  alone: number;
  /** How long the server's queries ran on after the load, and how many were cancelled. */
  drained: { waitedMs: number; cancelled: number };
};

/** The load figures plus the unloaded latency and any backlog the load left behind. */
function measuredFigures(
  label: string,
  m: Measured,
  targets: Parameters<typeof loadFigures>[2] = {},
) {
  const figures = loadFigures(label, m, targets);
  const backlog =
    m.drained.cancelled > 0
      ? `; after the load its queries ran on ${(m.drained.waitedMs / 1000).toFixed(1)} s, ${m.drained.cancelled} cancelled`
      : '';
  return [
    ...figures,
    {
      metric: `${label}: one request alone`,
      value: m.alone,
      unit: 'ms',
      digits: 1,
      note: `median of ${PROBES} sequential requests before the load${backlog}`,
    },
  ];
}

/** `count` posts by the generated users, spread over the last year, 1 in 20 locked. */
async function insertPosts(db: pg.Client, firstUser: number, users: number, count: number) {
  await db.query(
    `insert into posts (author_id, content, type, is_locked, created_at)
     select $1::bigint + (random() * ($2::int - 1))::int,
            'Post ' || g || ': ' || repeat('a few words of a benchmark post ', 4),
            'post', g % 20 = 0, now() - random() * interval '365 days'
       from generate_series(1, $3::int) g`,
    [firstUser, users, count],
  );
  await db.query('vacuum analyze posts');
}

/** Users sharing one real Argon2id hash, so each can log in through the API. */
async function insertUsers(
  db: pg.Client,
  prefix: string,
  count: number,
  passwordHash: string,
  creatorsEvery = 5,
): Promise<number> {
  const { rows } = await db.query<{ first: string }>(
    `with inserted as (
       insert into users (username, email, password_hash, is_creator, subscription_price_cents, bio)
       select $1 || g, $1 || g || '@example.com', $2, g % $4::int = 0,
              case when g % ($4::int * 2) = 0 then 499 else 0 end, 'Generated for the feed benchmark'
         from generate_series(1, $3::int) g
       returning id)
     select min(id) as first from inserted`,
    [prefix, passwordHash, count, creatorsEvery],
  );
  return Number(rows[0]?.first);
}

type Viewer = { label: string; email: string; access: string; query: string };

async function checkFeed(url: string, viewer: Viewer) {
  const response = await fetch(`${url}/api/posts/?limit=20${viewer.query}`, {
    headers: { authorization: `Bearer ${viewer.access}` },
  });
  const posts = (await response.json()) as { like_count?: number; liked_by_me?: boolean }[];
  const likes = posts.reduce((sum, post) => sum + (post.like_count ?? 0), 0);
  const liked = posts.filter((post) => post.liked_by_me).length;
  return `HTTP ${response.status}, ${posts.length} posts, X-Feed-Source ${response.headers.get('x-feed-source')}, ${likes.toLocaleString('en-US')} likes on the page, ${liked} liked by the viewer`;
}

export const feed: Benchmark = {
  name: 'feed',
  title:
    'Home feed at 10,000 users and 10,000 → 1,000,000 posts, then 10,000,000 likes (GET /api/posts/?limit=20)',
  async run(context) {
    const { connections, feedUsers, feedPostsSmall, feedPostsLarge, feedLikes } = scaleSettings;
    const duration = context.durationSeconds;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    try {
      const { url } = server;
      const me = await signUp(url, 'feed_viewer');
      const { rows } = await db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [me.id],
      );
      const hash = rows[0]?.password_hash ?? '';

      const [firstUser, usersMs] = await timed(() =>
        insertUsers(db, 'feed_user_', feedUsers, hash),
      );
      const [, smallMs] = await timed(() => insertPosts(db, firstUser, feedUsers, feedPostsSmall));

      const load = async (path: string, access?: string): Promise<Measured> => {
        const headers: Record<string, string> = access ? { authorization: `Bearer ${access}` } : {};
        const target = { url: `${url}${path}`, headers, connections };
        // One request at a time first: the cost of a request without any queueing.
        const alone: number[] = [];
        for (let i = 0; i < PROBES; i += 1) {
          const [response, ms] = await timed(() =>
            fetch(target.url, { headers, signal: AbortSignal.timeout(120_000) }),
          );
          await response.arrayBuffer();
          alone.push(ms);
        }
        await loadWithHeaders({ ...target, durationSeconds: WARM_UP_SECONDS });
        const afterWarmUp = await drainDatabase(db);
        const result = await loadWithHeaders({ ...target, durationSeconds: duration });
        const drained = await drainDatabase(db);
        drained.cancelled += afterWarmUp.cancelled;
        return { ...result, alone: median(alone), drained };
      };
      const allViewer: Viewer = {
        label: 'all',
        email: me.email,
        access: me.access,
        query: '&source=all',
      };
      const defaultCheck = await checkFeed(url, { ...allViewer, query: '' });

      const healthSmall = await load('/api/');
      const allSmall = await load('/api/posts/?limit=20&source=all', me.access);

      // Grow to the large size; add the follow-graph shapes.
      const [, largeMs] = await timed(async () => {
        await insertPosts(db, firstUser, feedUsers, feedPostsLarge - feedPostsSmall);
        const dormantFirst = await insertUsers(db, 'feed_dormant_', DORMANT_CREATORS, hash, 1);
        await db.query(
          `insert into posts (author_id, content, type, created_at)
           select $1::bigint + d, 'An old post', 'post',
                  now() - interval '1 year' - (d * 37 + p) * interval '1 hour'
             from generate_series(0, $2::int - 1) d, generate_series(1, $3::int) p`,
          [dormantFirst, DORMANT_CREATORS, POSTS_PER_DORMANT],
        );
        const activeFollower = await insertUsers(db, 'feed_follows_active_', 1, hash, 1000);
        const dormantFollower = await insertUsers(db, 'feed_follows_dormant_', 1, hash, 1000);
        // 1,000 of the generated creators (every 5th user is one); all posted within days.
        await db.query(
          `insert into follows (follower_id, followee_id)
           select $1::bigint, id from users
            where is_creator and username like 'feed_user_%' order by id limit $2`,
          [activeFollower, FOLLOWED_ACTIVE],
        );
        await db.query(
          `insert into follows (follower_id, followee_id)
           select $1::bigint, $2::bigint + d from generate_series(0, $3::int - 1) d`,
          [dormantFollower, dormantFirst, DORMANT_CREATORS],
        );
        await db.query('vacuum analyze');
      });
      const { rows: counts } = await db.query<{ posts: string; users: string }>(
        'select (select count(*) from posts) as posts, (select count(*) from users) as users',
      );
      const { rows: newest } = await db.query<{ active: string; dormant: string }>(
        `select (select extract(epoch from now() - max(p.created_at)) / 3600 from posts p
                   join follows f on f.followee_id = p.author_id
                   join users u on u.id = f.follower_id and u.username = 'feed_follows_active_1')
                  as active,
                (select extract(epoch from now() - max(p.created_at)) / 86400 from posts p
                   join follows f on f.followee_id = p.author_id
                   join users u on u.id = f.follower_id and u.username = 'feed_follows_dormant_1')
                  as dormant`,
      );

      const active: Viewer = {
        label: 'following 1,000 active creators',
        email: 'feed_follows_active_1@example.com',
        access: '',
        query: '&source=following',
      };
      const dormant: Viewer = {
        label: 'following 5 creators, newest post a year old',
        email: 'feed_follows_dormant_1@example.com',
        access: '',
        query: '&source=following',
      };
      active.access = await logIn(url, active.email);
      dormant.access = await logIn(url, dormant.email);

      const healthLarge = await load('/api/');
      const allLarge = await load('/api/posts/?limit=20&source=all', me.access);
      const activeLarge = await load('/api/posts/?limit=20&source=following', active.access);
      const dormantLarge = await load('/api/posts/?limit=20&source=following', dormant.access);
      const checks = await Promise.all([allViewer, active, dormant].map((v) => checkFeed(url, v)));

      // The same feeds once the posts carry likes: counts are kept columns, so nothing should move.
      const withLikes =
        feedLikes > 0
          ? await (async () => {
              const [written, ms] = await timed(() =>
                insertLikes(db, firstUser, feedUsers, feedLikes, me.id),
              );
              return {
                written,
                ms,
                all: await load('/api/posts/?limit=20&source=all', me.access),
                active: await load('/api/posts/?limit=20&source=following', active.access),
                dormant: await load('/api/posts/?limit=20&source=following', dormant.access),
                checks: await Promise.all(
                  [allViewer, active, dormant].map((v) => checkFeed(url, v)),
                ),
              };
            })()
          : undefined;
      const likesLabel = withLikes ? ` and ${withLikes.written.toLocaleString('en-US')} likes` : '';

      const ratio = allLarge.latency.p50 / allSmall.latency.p50;
      const sizeLabel = (n: number) => `${n.toLocaleString('en-US')} posts`;
      const figures: Figure[] = [
        ...measuredFigures(`GET /api/ at ${sizeLabel(feedPostsSmall)}`, healthSmall),
        ...measuredFigures(`feed (all) at ${sizeLabel(feedPostsSmall)}`, allSmall),
        ...measuredFigures(`GET /api/ at ${sizeLabel(feedPostsLarge)}`, healthLarge),
        ...measuredFigures(`feed (all) at ${sizeLabel(feedPostsLarge)}`, allLarge, {
          rps: atLeast(allLarge.requestsPerSecond, 2000, 'req/s'),
          p99: below(allLarge.latency.p99, 50, 'ms'),
        }),
        {
          metric: `feed (all): p50 at ${sizeLabel(feedPostsLarge)} / p50 at ${sizeLabel(feedPostsSmall)}`,
          value: ratio,
          digits: 2,
          target: { text: '<= 1.2', met: ratio <= 1.2 },
        },
        ...measuredFigures(`feed (${active.label})`, activeLarge, {
          p99: below(activeLarge.latency.p99, 50, 'ms'),
        }),
        ...measuredFigures(`feed (${dormant.label})`, dormantLarge, {
          p99: below(dormantLarge.latency.p99, 50, 'ms'),
        }),
        { metric: 'answer check: default feed of a viewer following nobody', value: defaultCheck },
        { metric: 'answer check: ?source=all', value: checks[0] ?? '' },
        { metric: `answer check: ${active.label}`, value: checks[1] ?? '' },
        { metric: `answer check: ${dormant.label}`, value: checks[2] ?? '' },
        ...(withLikes
          ? [
              ...measuredFigures(
                `feed (all) at ${sizeLabel(feedPostsLarge)}${likesLabel}`,
                withLikes.all,
                {
                  rps: atLeast(withLikes.all.requestsPerSecond, 2000, 'req/s'),
                  p99: below(withLikes.all.latency.p99, 50, 'ms'),
                },
              ),
              {
                metric: `feed (all): p50 with likes / p50 without`,
                value: withLikes.all.latency.p50 / allLarge.latency.p50,
                digits: 2,
                target: {
                  text: '<= 1.2',
                  met: withLikes.all.latency.p50 / allLarge.latency.p50 <= 1.2,
                },
              },
              ...measuredFigures(`feed (${active.label})${likesLabel}`, withLikes.active, {
                p99: below(withLikes.active.latency.p99, 50, 'ms'),
              }),
              ...measuredFigures(`feed (${dormant.label})${likesLabel}`, withLikes.dormant, {
                p99: below(withLikes.dormant.latency.p99, 50, 'ms'),
              }),
              { metric: 'answer check with likes: ?source=all', value: withLikes.checks[0] ?? '' },
              {
                metric: `answer check with likes: ${active.label}`,
                value: withLikes.checks[1] ?? '',
              },
              {
                metric: `answer check with likes: ${dormant.label}`,
                value: withLikes.checks[2] ?? '',
              },
            ]
          : []),
      ];
      return {
        name: this.name,
        title: this.title,
        setup: [
          `autocannon, ${connections} connections, ${duration} s per measurement after a ${WARM_UP_SECONDS} s warm-up; signed in (Bearer token); embedded PostgreSQL`,
          `data: ${feedUsers.toLocaleString('en-US')} users (every 5th a creator, every 10th paid), posts spread over the last year by random authors, 1 in 20 locked;`,
          `generated in SQL (insert … select generate_series), then VACUUM ANALYZE: users ${(usersMs / 1000).toFixed(1)} s, ${sizeLabel(feedPostsSmall)} ${(smallMs / 1000).toFixed(1)} s, growing to ${sizeLabel(feedPostsLarge)} with the follow graphs ${(largeMs / 1000).toFixed(1)} s`,
          `final database: ${Number(counts[0]?.posts).toLocaleString('en-US')} posts, ${Number(counts[0]?.users).toLocaleString('en-US')} users; newest post of the 1,000 followed creators ${Number(newest[0]?.active).toFixed(1)} h old, of the 5 dormant ones ${Number(newest[0]?.dormant).toFixed(0)} days old`,
          `"all" is ?source=all (the fallback of a viewer who follows nobody); the follow shapes use ?source=following`,
          ...(withLikes
            ? [
                `then ${withLikes.written.toLocaleString('en-US')} likes (the same number on every post, the viewer's on the 100 newest) and each post's like_count, in SQL: ${(withLikes.ms / 1000).toFixed(1)} s; every post in JSON carries like_count, comment_count and liked_by_me`,
              ]
            : []),
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
