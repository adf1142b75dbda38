/** What other modules may use of audience: nothing else of it is theirs to import. */
export { csvRow } from './csv.ts';
export { shareEmail } from './email-shares.ts';
