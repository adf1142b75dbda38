import type { Benchmark } from '../lib/benchmark.ts';
import { below } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { median } from '../lib/stats.ts';
import { api, connectDatabase, drainDatabase, signUp, timed } from './common.ts';
import { loadFigures, loadWithHeaders } from './load.ts';
import { scaleSettings } from './settings.ts';

const WARM_UP_SECONDS = 2;
const PROBES = 3;
/** Of each context, this share is not used anywhere and so not in the library. */
const UNUSED_SHARE = 0.1;

export const library: Benchmark = {
  name: 'library',
  title: "A creator's media library of 10,000 items: GET /api/library/?limit=60",
  async run(context) {
    const items = scaleSettings.libraryItems;
    const { connections } = scaleSettings;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    try {
      const { url } = server;
      const creator = await signUp(url, 'library_creator');
      const fan = await signUp(url, 'library_fan');
      await db.query('update users set is_creator = true where id = $1', [creator.id]);
      const conversation = await api<{ id: number }>(
        url,
        fan.access,
        'POST',
        '/api/messaging/conversations/start_conversation/',
        { recipient_id: creator.id },
      );
      // Items: 35% post images (each on a post), 35% chat attachments (each sent in a message),
      // 30% library files; plus unused post images and attachments, which the library leaves out.
      const posted = Math.round(items * 0.35);
      const attached = Math.round(items * 0.35);
      const files = items - posted - attached;
      const unusedPosted = Math.round(posted * UNUSED_SHARE);
      const unusedAttached = Math.round(attached * UNUSED_SHARE);
      const [, generateMs] = await timed(async () => {
        await db.query(
          `insert into uploads (owner_id, context, storage_key, original_filename, content_type,
                                size_bytes, sha256, width, height, created_at)
           select $1::bigint, ctx,
                  'originals/' || $1 || '/' || gen_random_uuid() || case when ctx = 'media' and g % 3 = 0 then '.mp4' else '.jpg' end,
                  ctx || '-' || g || case when ctx = 'media' and g % 3 = 0 then '.mp4' else '.jpg' end,
                  case when ctx = 'media' and g % 3 = 0 then 'video/mp4' else 'image/jpeg' end,
                  100000 + g * 7, encode(sha256((ctx || ':' || g)::bytea), 'hex'), 1080, 1350,
                  now() - random() * interval '365 days'
             from (select 'post_image' as ctx, generate_series(1, $2::int) as g
                   union all select 'message_attachment', generate_series(1, $3::int)
                   union all select 'media', generate_series(1, $4::int)) s`,
          [creator.id, posted + unusedPosted, attached + unusedAttached, files],
        );
        await db.query(
          `with made as (
             insert into posts (author_id, content, type, image_id, created_at)
             select $1::bigint, 'A post with an image', 'post', id, created_at
               from (select id, created_at from uploads
                      where owner_id = $1 and context = 'post_image' order by id limit $2) u
             returning id, image_id)
           insert into post_media (post_id, position, upload_id, kind)
           select id, 0, image_id, 'image' from made`,
          [creator.id, posted],
        );
        await db.query(
          `with attachments as (
             select id, created_at, row_number() over (order by id) as n from uploads
              where owner_id = $1 and context = 'message_attachment' order by id limit $3),
           sent as (
             insert into messages (conversation_id, sender_id, text, created_at)
             select $2::bigint, $1::bigint, 'file ' || n, created_at from attachments
             returning id, text)
           insert into message_attachments (message_id, upload_id)
           select sent.id, attachments.id from sent join attachments on sent.text = 'file ' || attachments.n`,
          [creator.id, conversation.id, attached],
        );
        await db.query('vacuum analyze');
      });
      const { rows } = await db.query<{ uploads: string; posts: string; attachments: string }>(
        `select (select count(*) from uploads where owner_id = $1) as uploads,
                (select count(*) from posts where author_id = $1) as posts,
                (select count(*) from message_attachments) as attachments`,
        [creator.id],
      );

      const path = '/api/library/?limit=60';
      const headers = { authorization: `Bearer ${creator.access}` };
      const first = await fetch(`${url}${path}`, { headers });
      const page = (await first.json()) as { results: unknown[]; next_cursor: string | null };
      // Walk every page once: the library must hold exactly the items generated.
      let listed = page.results.length;
      let cursor = page.next_cursor;
      let pages = 1;
      while (cursor && pages < 1000) {
        const next = await api<{ results: unknown[]; next_cursor: string | null }>(
          url,
          creator.access,
          'GET',
          `/api/library/?limit=200&cursor=${encodeURIComponent(cursor)}`,
        );
        listed += next.results.length;
        cursor = next.next_cursor;
        pages += 1;
      }
      const alone: number[] = [];
      for (let i = 0; i < PROBES; i += 1) {
        const [response, ms] = await timed(() => fetch(`${url}${path}`, { headers }));
        await response.arrayBuffer();
        alone.push(ms);
      }
      // The first page is kept per owner until their library changes: also time it right after
      // a change (a touched upload, whose notice drops the kept page), and a later page.
      const afterChange: number[] = [];
      for (let i = 0; i < PROBES; i += 1) {
        await db.query(
          `update uploads set original_filename = original_filename
            where id = (select id from uploads where owner_id = $1 and context = 'media' limit 1)`,
          [creator.id],
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [response, ms] = await timed(() => fetch(`${url}${path}`, { headers }));
        await response.arrayBuffer();
        afterChange.push(ms);
      }
      const secondPage: number[] = [];
      for (let i = 0; i < PROBES; i += 1) {
        const [response, ms] = await timed(() =>
          fetch(`${url}${path}&cursor=${page.next_cursor ?? ''}`, { headers }),
        );
        await response.arrayBuffer();
        secondPage.push(ms);
      }
      const target = { url: `${url}${path}`, headers, connections };
      await loadWithHeaders({ ...target, durationSeconds: WARM_UP_SECONDS });
      await drainDatabase(db);
      const result = await loadWithHeaders({ ...target, durationSeconds: context.durationSeconds });
      const drained = await drainDatabase(db);

      return {
        name: this.name,
        title: this.title,
        setup: [
          `autocannon, ${connections} connections, ${context.durationSeconds} s after a ${WARM_UP_SECONDS} s warm-up, signed in as the creator; embedded PostgreSQL`,
          `generated in SQL in ${(generateMs / 1000).toFixed(1)} s: ${Number(rows[0]?.uploads).toLocaleString('en-US')} uploads with distinct SHA-256 (${posted + unusedPosted} post_image, ${attached + unusedAttached} message_attachment, ${files} media), ${Number(rows[0]?.posts).toLocaleString('en-US')} posts using post images, ${Number(rows[0]?.attachments).toLocaleString('en-US')} sent attachments; ${UNUSED_SHARE * 100}% of post images and attachments unused (not in the library); VACUUM ANALYZE`,
        ],
        figures: [
          {
            metric: 'items in the library (all pages)',
            value: listed,
            digits: 0,
            note: `${pages} pages; first page ${page.results.length} items, HTTP ${first.status}`,
          },
          ...loadFigures('GET /api/library/?limit=60', result, {
            p99: below(result.latency.p99, 50, 'ms'),
          }),
          {
            metric: 'one request alone',
            value: median(alone),
            unit: 'ms',
            digits: 1,
            note: `median of ${PROBES} sequential requests before the load${drained.cancelled ? `; after the load its queries ran on ${(drained.waitedMs / 1000).toFixed(1)} s, ${drained.cancelled} cancelled` : ''}`,
          },
          {
            metric: 'first page right after a change',
            value: median(afterChange),
            unit: 'ms',
            digits: 1,
            note: `median of ${PROBES}: an upload of the creator touched 50 ms before, so the page is walked again`,
          },
          {
            metric: 'second page alone',
            value: median(secondPage),
            unit: 'ms',
            digits: 1,
            note: `median of ${PROBES} sequential requests (later pages are not kept)`,
          },
        ],
      };
    } finally {
      await db.end().catch(() => undefined);
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  },
};
