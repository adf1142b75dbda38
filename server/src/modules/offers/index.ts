/** What other modules may use of offers: nothing else of it is theirs to import. */
export { priceFirstPeriod, recordClaim } from './pricing.ts';
