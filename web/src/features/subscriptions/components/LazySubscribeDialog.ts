import { lazy } from 'react';
import { loadLaterCatalogue } from '../../../lib/i18n';

/**
 * The subscribe dialog, loaded when first opened (issue 20, first-visit budget): it brings the
 * payment confirmation, react-hook-form and the Radix dialog, which neither the feed's nor the
 * profile's first screen needs, and the plans' texts (the offers section, in the catalogue's
 * later part).
 */
export const LazySubscribeDialog = lazy(async () => {
  const [module] = await Promise.all([import('./SubscribeDialog'), loadLaterCatalogue()]);
  return { default: module.SubscribeDialog };
});
