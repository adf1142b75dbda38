import { a11y } from './en-a11y';
import { comments } from './en-comments';
import { coreText } from './en-core';
import { discoverText } from './en-discover';
import { offlineText } from './en-offline';
import { pagesText } from './en-pages';
import { payPerView } from './en-pay-per-view';
import { paymentsText } from './en-payments';
import { postsText } from './en-posts';
import { profileText } from './en-profile';
import { remotePostsText } from './en-remote-posts';
import { serverMessagesText } from './en-server-messages';
import { taxonomyText } from './en-taxonomy';

/**
 * The part of the English catalogue every first visit loads: the shell, the feed, a profile,
 * a post, sign-in and sign-up, their dialogs and menus, and what the live socket shows. The
 * rest (en-later.ts) loads with the pages that use it (issue 20, first-visit budget). The two
 * parts share no file: a file in both would land in a chunk both load.
 */
export const enFirstVisit = {
  ...payPerView,
  ...comments,
  ...coreText,
  ...discoverText,
  ...postsText,
  ...profileText,
  ...pagesText,
  ...paymentsText,
  ...remotePostsText,
  ...serverMessagesText,
  ...a11y,
  ...offlineText,
  ...taxonomyText,
};
