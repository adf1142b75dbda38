import { sql } from 'drizzle-orm';
import { AUDIENCE_SEARCH_PAGE, type AudienceMember } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';

/** `%`, `_` and `\` in what was typed are text, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A page of the creator's own fans (anyone who subscribed, now or before, or follows them) whose
 * username contains `q`, so a hand-picked mass message names people, not ids. Never anybody
 * else's fans; suspended accounts are left out (a mass message skips them anyway).
 */
export async function searchAudience(
  db: Executor,
  creatorId: number,
  q: string,
  after: string | undefined,
): Promise<{ results: AudienceMember[]; next: string | null }> {
  const pattern = `%${likeEscaped(q.toLowerCase())}%`;
  const { rows } = await db.execute<{ id: string; username: string; relation: string }>(sql`
    with fans as (
      select s.fan_id as id, bool_or(s.status = 'active') as active from subscriptions s
        where s.creator_id = ${creatorId} group by s.fan_id
      union all
      select f.follower_id, null from follows f where f.followee_id = ${creatorId}
    )
    select u.id, u.username,
           case when bool_or(fans.active) then 'subscriber'
                when bool_or(fans.active is not null) then 'former_subscriber'
                else 'follower' end as relation
      from fans join users u on u.id = fans.id
     where u.suspended_at is null and u.id <> ${creatorId}
       and lower(u.username) like ${pattern}
       ${after === undefined ? sql`` : sql`and lower(u.username) > lower(${after})`}
     group by u.id, u.username
     order by lower(u.username)
     limit ${AUDIENCE_SEARCH_PAGE + 1}`);
  const page = rows.slice(0, AUDIENCE_SEARCH_PAGE).map((row) => ({
    id: Number(row.id),
    username: row.username,
    relation: row.relation as AudienceMember['relation'],
  }));
  const last = page.at(-1);
  return { results: page, next: rows.length > AUDIENCE_SEARCH_PAGE && last ? last.username : null };
}
