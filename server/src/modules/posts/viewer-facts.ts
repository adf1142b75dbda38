import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import {
  postPurchases,
  postUnlocks,
  profileUnlocks,
  subscriptions,
} from '../../db/schema/index.ts';
import { hiddenAmong } from '../users/index.ts';

/** Ids to ask about, and the viewer's answers: the same four kinds either way. */
export type ViewerMarks = {
  profiles: number[];
  creators: number[];
  posts: number[];
  /** Pay-per-view posts: which of them the viewer bought. */
  purchases: number[];
};

type Engagement = { likeCount: number; commentCount: number; likedByMe: boolean };

/** What a page of kept rows needs to know about one viewer, and about the rows as they are now. */
export type ViewerFacts = {
  marks: ViewerMarks;
  /** Of `marks.creators`, those whose subscription the viewer pays for (not a free trial). */
  paidCreators: Set<number>;
  /** Authors on the page the viewer must not see (a block either way, a suspension). */
  hiddenAuthors: Set<number>;
  /** Each post's current like and comment counts, and whether the viewer likes it. */
  engagement: Map<number, Engagement>;
};

type FactsRow = {
  profiles: string[];
  creators: string[];
  paid_creators: string[];
  posts: string[];
  purchases: string[];
  hidden: string[];
  ids: string[] | null;
  like_counts: number[] | null;
  comment_counts: number[] | null;
  liked: string[];
};

const placeholder = sql.placeholder;

/**
 * Built once (`definePrepared`): each call only fills in the viewer and the page's ids.
 */
const viewerFactsStatement = definePrepared<FactsRow>(
  'feed_viewer_facts',
  () => sql`select
      array(select ${profileUnlocks.profileId} from ${profileUnlocks}
        where ${profileUnlocks.viewerId} = ${placeholder('viewer')}
          and ${profileUnlocks.profileId} = any(${placeholder('profiles')}::bigint[])
        union
        select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
          and ${subscriptions.creatorId} = any(${placeholder('profiles')}::bigint[])) as profiles,
      array(select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
          and ${subscriptions.creatorId} = any(${placeholder('creators')}::bigint[])) as creators,
      array(select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
          and not ${subscriptions.isTrial}
          and ${subscriptions.creatorId} = any(${placeholder('creators')}::bigint[])) as paid_creators,
      array(select ${postUnlocks.postId} from ${postUnlocks}
        where ${postUnlocks.userId} = ${placeholder('viewer')}
          and ${postUnlocks.postId} = any(${placeholder('posts')}::bigint[])) as posts,
      array(select ${postPurchases.postId} from ${postPurchases}
        where ${postPurchases.userId} = ${placeholder('viewer')}
          and ${postPurchases.postId} = any(${placeholder('purchases')}::bigint[])) as purchases,
      ${hiddenAmong(placeholder('viewer'), placeholder('authors'))} as hidden,
      counts.ids, counts.like_counts, counts.comment_counts,
      array(select l.post_id from post_likes l
        where l.user_id = ${placeholder('viewer')} and l.post_id = any(${placeholder('postIds')}::bigint[])) as liked
      from (select array_agg(p.id) as ids, array_agg(p.like_count) as like_counts,
                   array_agg(p.comment_count) as comment_counts
              from posts p where p.id = any(${placeholder('postIds')}::bigint[])) counts`,
);

/**
 * Everything about a page of shared rows that depends on the viewer or moves often, in one
 * prepared statement, so a page served from kept rows costs one round trip: of the asked locked
 * profiles, creators, locked and for-sale posts, the ones this viewer unlocked, subscribes to,
 * opened and bought; which authors are hidden from them; the posts' current counts (columns,
 * never counted) and which of them the viewer likes (primary-key probes).
 */
export async function findViewerFacts(
  db: Database,
  viewerId: number,
  asked: ViewerMarks,
  postIds: number[],
  authorIds: number[],
): Promise<ViewerFacts> {
  const [row] = await viewerFactsStatement(db, {
    viewer: viewerId,
    ...asked,
    authors: authorIds,
    postIds,
  });
  const numbers = (ids: string[] | null | undefined) => (ids ?? []).map(Number);
  const liked = new Set(numbers(row?.liked));
  const engagement = new Map<number, Engagement>();
  numbers(row?.ids).forEach((id, index) => {
    engagement.set(id, {
      likeCount: row?.like_counts?.[index] ?? 0,
      commentCount: row?.comment_counts?.[index] ?? 0,
      likedByMe: liked.has(id),
    });
  });
  return {
    marks: {
      profiles: numbers(row?.profiles),
      creators: numbers(row?.creators),
      posts: numbers(row?.posts),
      purchases: numbers(row?.purchases),
    },
    paidCreators: new Set(numbers(row?.paid_creators)),
    hiddenAuthors: new Set(numbers(row?.hidden)),
    engagement,
  };
}
