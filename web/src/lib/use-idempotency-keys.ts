import { useState } from 'react';
import { createIdempotencyKeys, type IdempotencyKeys } from './idempotency';

/** One key keeper per component instance (a form, a dialog, a button), kept across renders. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}
