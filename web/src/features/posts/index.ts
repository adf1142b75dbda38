// The posts feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export {
  flattenPages,
  holdsProcessingVideo,
  newPostFields,
  POSTS_PAGE_SIZE,
  removePost,
  userPostsQuery,
  type Post,
  type PostPage,
  type PostPages,
} from './api';
export { HomeFeed } from './components/HomeFeed';
export { PostCardSkeleton } from './components/PostCard';
export { PostList } from './components/PostList';
export { PostStream } from './components/PostStream';
export { ScheduleForm } from './components/ScheduleForm';
export { VisibleMarkSwitch } from './components/VisibleMarkSwitch';
export { gatesMedia } from './visible-mark';
export { displayedContent, isVideoPost, postImageUrl } from './content';
export { useDeletePost, useLoadMoreSentinel, useProcessingVideoPoll } from './hooks';
export { likedPostsKey, likedPostsQuery } from './likes/api';
export { findCachedPost, patchPostEverywhere } from './post-cache';
export { isoToLocalInput, suggestedLocalInput } from './schedule-time';
