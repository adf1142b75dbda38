/** What other modules may use of audit: nothing else of it is theirs to import. */
export type { AuditLog } from './service.ts';
