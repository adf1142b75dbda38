/**
 * A fresh `Idempotency-Key` for a paying operation (tips, purchases, top-ups, unlocks): the
 * server answers a repeated key with the first answer instead of charging twice. Make one per
 * intended payment and send the same one again when retrying that payment after a failure.
 */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
