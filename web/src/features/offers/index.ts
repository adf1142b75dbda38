// The offers feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { useSubscribeOptions } from './api';
export { OfferLanding } from './components/OfferLanding';
export { OffersScreen } from './components/OffersScreen';
export { offerChargeTitle } from './statement';
