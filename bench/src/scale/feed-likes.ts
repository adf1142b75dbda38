import type pg from 'pg';

/**
 * About `likes` likes over every post, the same number each (distinct users per post, so the
 * primary key holds), written in post order so the primary key grows at its end; then each
 * post's kept `like_count` set from the rows, as the API keeps it. The viewer also likes the
 * newest posts, so the pages measured carry `liked_by_me: true` too. Answers the likes written.
 */
export async function insertLikes(
  db: pg.Client,
  firstUser: number,
  users: number,
  likes: number,
  viewerId: number,
): Promise<number> {
  const { rows } = await db.query<{ first: string; last: string; count: string }>(
    'select min(id) as first, max(id) as last, count(*) as count from posts',
  );
  const first = Number(rows[0]?.first);
  const posts = Number(rows[0]?.count);
  // Ids from the identity column, none deleted: every id in the range is a post.
  if (Number(rows[0]?.last) - first + 1 !== posts) throw new Error('post ids are not contiguous');
  const perPost = Math.min(users, Math.max(1, Math.round(likes / posts)));
  await db.query(
    `insert into post_likes (post_id, user_id, created_at)
     select $1::bigint + i, $2::bigint + ((i * $3::int + k) % $4::int),
            now() - random() * interval '365 days'
       from generate_series(0, $5::int - 1) i, generate_series(0, $3::int - 1) k`,
    [first, firstUser, perPost, users, posts],
  );
  await db.query(
    `insert into post_likes (post_id, user_id)
     select id, $1::bigint from posts order by created_at desc, id desc limit 100
     on conflict do nothing`,
    [viewerId],
  );
  await db.query(
    `update posts p set like_count = l.n
       from (select post_id, count(*)::int as n from post_likes group by post_id) l
      where p.id = l.post_id`,
  );
  await db.query('vacuum analyze posts, post_likes');
  const { rows: total } = await db.query<{ n: string }>('select count(*) as n from post_likes');
  return Number(total[0]?.n);
}
