import { sql } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import {
  blocks,
  postLikes,
  postPurchases,
  postUnlocks,
  profileUnlocks,
  subscriptions,
} from '../../db/schema/index.ts';
import { createKeptValues } from '../../lib/kept-values.ts';

/**
 * Everything about one viewer that a page of shared posts depends on, read whole: the locked
 * profiles they may open (unlocked with the password, or subscribed to: the lock is for
 * visitors), the creators they subscribe to, the locked posts they opened, the
 * posts they bought and liked, and everyone in a block with them (either way).
 */
export type ViewerState = {
  profiles: ReadonlySet<number>;
  creators: ReadonlySet<number>;
  /** Of `creators`, those whose subscription the viewer pays for (not a free trial). */
  paidCreators: ReadonlySet<number>;
  posts: ReadonlySet<number>;
  purchases: ReadonlySet<number>;
  liked: ReadonlySet<number>;
  blocked: ReadonlySet<number>;
};

/**
 * Past this many ids of one kind a viewer's facts are not kept: their pages ask the database
 * about the page's own ids instead (`viewer-facts.ts`), as every page did before.
 */
const MAX_IDS = 5_000;
const TOO_MANY = 'too many';

type StateRow = Record<Exclude<keyof ViewerState, 'paidCreators'> | 'paid_creators', string[]>;

const placeholder = sql.placeholder;
const cap = sql.raw(String(MAX_IDS + 1));

const viewerStateStatement = definePrepared<StateRow>(
  'viewer_state',
  () => sql`select
      array(select ${profileUnlocks.profileId} from ${profileUnlocks}
        where ${profileUnlocks.viewerId} = ${placeholder('viewer')}
        union
        select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
        limit ${cap}) as profiles,
      array(select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
        limit ${cap}) as creators,
      array(select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${placeholder('viewer')} and ${subscriptions.status} = 'active'
          and not ${subscriptions.isTrial}
        limit ${cap}) as paid_creators,
      array(select ${postUnlocks.postId} from ${postUnlocks}
        where ${postUnlocks.userId} = ${placeholder('viewer')} limit ${cap}) as posts,
      array(select ${postPurchases.postId} from ${postPurchases}
        where ${postPurchases.userId} = ${placeholder('viewer')} limit ${cap}) as purchases,
      array(select ${postLikes.postId} from ${postLikes}
        where ${postLikes.userId} = ${placeholder('viewer')} limit ${cap}) as liked,
      array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${placeholder('viewer')}
        union
        select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${placeholder('viewer')}
        limit ${cap}) as blocked`,
);

async function readViewerState(
  db: Database,
  viewerId: number,
): Promise<ViewerState | typeof TOO_MANY> {
  const [row] = await viewerStateStatement(db, { viewer: viewerId });
  const state: Partial<Record<keyof ViewerState, Set<number>>> = {};
  const columns = {
    profiles: 'profiles',
    creators: 'creators',
    paidCreators: 'paid_creators',
    posts: 'posts',
    purchases: 'purchases',
    liked: 'liked',
    blocked: 'blocked',
  } as const;
  for (const [key, column] of Object.entries(columns) as [keyof ViewerState, keyof StateRow][]) {
    const ids = row?.[column] ?? [];
    if (ids.length > MAX_IDS) return TOO_MANY;
    state[key] = new Set(ids.map(Number));
  }
  return state as ViewerState;
}

/**
 * Each viewer's facts, kept until a change notice about them (a like, an unlock, a purchase, a
 * block either way, a subscription: migration 0037 and 0012) drops them on every instance, so a
 * page of kept posts is served without a database round trip. A service that has just written
 * such a fact announces it too, so the writer's next read on this instance sees it at once.
 */
export function createViewerStates(db: Database, notices: ChangeNotices) {
  const kept = createKeptValues<ViewerState | typeof TOO_MANY>({
    maxAgeMs: 60_000,
    // Ids of all kept viewers together: a few tens of MB at most.
    maxWeight: 2_000_000,
    weigh: (state) =>
      state === TOO_MANY
        ? 1
        : 1 + Object.values(state).reduce((sum, ids: ReadonlySet<number>) => sum + ids.size, 0),
    live: () => notices.live,
  });
  notices.subscribe((notice) => {
    if (
      notice.kind === 'viewer_changed' ||
      notice.kind === 'following_changed' ||
      notice.kind === 'account_deleted'
    ) {
      kept.drop(notice.userId);
    } else if (notice.kind === 'blocked') {
      for (const userId of notice.userIds) kept.drop(userId);
    } else if (notice.kind === 'reset') {
      kept.clear();
    }
  });

  /** The viewer's facts, or undefined when there are too many to keep. */
  return async (viewerId: number): Promise<ViewerState | undefined> => {
    const state = await kept.get(viewerId, () => readViewerState(db, viewerId));
    return state === TOO_MANY ? undefined : state;
  };
}
