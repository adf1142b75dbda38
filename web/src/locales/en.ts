import { enFirstVisit } from './en-first-visit';
import { enLater } from './en-later';

/**
 * The English catalogue. Texts the spec fixes are copied exactly; validation texts that the
 * server answers too come from @zura/contracts so client and server never drift apart. It
 * loads in two parts (en-first-visit.ts, en-later.ts); this whole is its type and what the
 * catalogue check reads.
 */
export const en = { ...enFirstVisit, ...enLater };
