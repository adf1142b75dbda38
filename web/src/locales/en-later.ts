import { analytics } from './en-analytics';
import { adminText } from './en-admin';
import { creatorApplicationText } from './en-creator-application';
import { engagement } from './en-engagement';
import { exploreText } from './en-explore';
import { federationControlText } from './en-federation-control';
import { federationFollowingText } from './en-federation-following';
import { landingText } from './en-landing';
import { leakTraceText } from './en-leak-trace';
import { massMessagesText } from './en-mass-messages';
import { offers } from './en-offers';
import { profileEditText } from './en-profile-edit';
import { push } from './en-push';
import { settingsText } from './en-settings';
import { walletText } from './en-wallet';

/**
 * The part of the English catalogue loaded with the pages that use it (`lazyPage` in
 * app/router.tsx awaits it; the first-visit pages do not): sections used only by pages other
 * than the shell, the feed, a profile, a post and sign-in, nor by their dialogs and menus. A
 * section moves here only when every file using it is reached from such a page alone; the
 * other languages keep the same sections in `<code>-later.json` (the catalogue check says so).
 */
export const enLater = {
  ...analytics,
  ...adminText,
  ...creatorApplicationText,
  ...engagement,
  ...exploreText,
  ...federationControlText,
  ...federationFollowingText,
  ...landingText,
  ...leakTraceText,
  ...massMessagesText,
  ...offers,
  ...profileEditText,
  ...push,
  ...settingsText,
  ...walletText,
};
