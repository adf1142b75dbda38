/** What other modules may use of posts: nothing else of it is theirs to import. */
export { encodeCursor, keysetPageQuery, type PostCursor } from './cursor.ts';
export {
  canSeePostContent,
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  isPostPublishedFor,
  needsSubscription,
  placeholderContent,
  type PostAccess,
} from './policy.ts';
export {
  countFullyPublicPosts,
  findFullyPublicPost,
  listFullyPublicPosts,
} from './public-posts.ts';
export { uploadIdsOfPost } from './post-media.ts';
export { presentPost } from './presenter.ts';
export { deleteOwnPost, selectPostsFor } from './repo.ts';
export type { PostsService } from './service.ts';
