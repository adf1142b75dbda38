/** What other modules may use of push: nothing else of it is theirs to import. */
export type { PushDelivery } from './service.ts';
