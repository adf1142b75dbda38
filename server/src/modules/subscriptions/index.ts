/** What other modules may use of subscriptions: nothing else of it is theirs to import. */
export { applyPriceChange } from './price-changes.ts';
export { findActive, insertSubscription, stopRenewalsBetween } from './repo.ts';
