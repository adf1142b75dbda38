import { RECENT_POSTS_DAYS } from '@zura/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export type ContentCounts = {
  posts: number;
  photos: number;
  videos: number;
  notForSale: number;
  freeToSubscribers: number;
  recent: number;
};

/**
 * One author's published posts counted in one statement over posts_author_created_id_idx and
 * post_media's primary key. "Published" is the rule others see posts by (`isPostPublishedFor`):
 * not a draft, and every video in it playable.
 */
export async function countPublishedContent(
  db: Executor,
  authorId: number,
): Promise<ContentCounts> {
  const result = await db.execute<Record<keyof ContentCounts, string>>(sql`
    with published as (
      select p.id, p.price_cents, p.subscriber_price_cents, p.created_at
        from posts p
       where p.author_id = ${authorId} and not p.is_draft
         and not exists (
           select 1 from post_media m join uploads u on u.id = m.upload_id
            where m.post_id = p.id and m.kind = 'video'
              and u.video_state is not null and u.video_state <> 'ready')
    ), files as (
      select m.kind from post_media m join published on published.id = m.post_id
    )
    select
      (select count(*) from published) as "posts",
      (select count(*) from files where kind = 'image') as "photos",
      (select count(*) from files where kind = 'video') as "videos",
      (select count(*) from published where price_cents is null) as "notForSale",
      (select count(*) from published where subscriber_price_cents = 0) as "freeToSubscribers",
      (select count(*) from published
        where created_at > now() - make_interval(days => ${RECENT_POSTS_DAYS})) as "recent"`);
  const row = result.rows[0];
  if (!row) throw new Error('count query returned no row');
  return {
    posts: Number(row.posts),
    photos: Number(row.photos),
    videos: Number(row.videos),
    notForSale: Number(row.notForSale),
    freeToSubscribers: Number(row.freeToSubscribers),
    recent: Number(row.recent),
  };
}
