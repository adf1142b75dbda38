/** What other modules may use of auth: nothing else of it is theirs to import. */
export { createAccessTokens } from './access-tokens.ts';
export type { Sessions } from './sessions.ts';
export type { TwoFactor } from './two-factor.ts';
