import { coreText } from './en-core';
import { discoverText } from './en-discover';
import { postsText } from './en-posts';
import { profileText } from './en-profile';
import { profileEditText } from './en-profile-edit';
import { paymentsText } from './en-payments';
import { creatorApplicationText } from './en-creator-application';
import { settingsText } from './en-settings';
import { adminText } from './en-admin';
import { landingText } from './en-landing';
import { a11y } from './en-a11y';
import { analytics } from './en-analytics';
import { comments } from './en-comments';
import { engagement } from './en-engagement';
import { offers } from './en-offers';
import { push } from './en-push';
import { payPerView } from './en-pay-per-view';
import { massMessagesText } from './en-mass-messages';
import { serverMessagesText } from './en-server-messages';

/**
 * The English catalogue. Texts the spec fixes are copied exactly; validation texts that the
 * server answers too come from @zura/contracts so client and server never drift apart.
 */
export const en = {
  // Messaging, video calls and notifications live in their own file.
  ...engagement,
  // Pay-per-view posts: the composer's Price section and the closed card.
  ...payPerView,
  ...comments,
  ...massMessagesText,
  ...analytics,
  ...offers,
  ...coreText,
  ...discoverText,
  ...postsText,
  ...profileText,
  ...profileEditText,
  ...paymentsText,
  ...creatorApplicationText,
  ...settingsText,
  ...adminText,
  ...landingText,
  ...serverMessagesText,
  ...a11y,
  ...push,
};
