// The subscriptions feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { LazySubscribeDialog } from './components/LazySubscribeDialog';
export { SubscribeButton } from './components/SubscribeButton';
export type { SubscribeTarget } from './components/SubscribeDialog';
export { SubscriptionsScreen } from './components/SubscriptionsScreen';
export { WhatYouGetPanel } from './components/WhatYouGetPanel';
