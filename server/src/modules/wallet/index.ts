/** What other modules may use of wallet: nothing else of it is theirs to import. */
export { idempotencyKeyOf, runIdempotent } from './idempotency.ts';
export { balanceOf, InsufficientFundsError, paymentLegs, postMovement } from './ledger.ts';
