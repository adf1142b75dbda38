import { useMutation } from '@tanstack/react-query';
import { ApiError } from './api-errors';
import { useIdempotencyKeys } from './use-idempotency-keys';

export interface PaymentMutationOptions<V, R> {
  /** What makes two attempts the same action (its request body): same fingerprint, same key. */
  fingerprint: (variables: V) => string;
  /** Sends the paying request with the action's Idempotency-Key. */
  pay: (variables: V, idempotencyKey: string) => Promise<R>;
  onSuccess?: (result: R, variables: V) => unknown;
}

/**
 * A mutation for a paying request. Each user action keeps one Idempotency-Key across double
 * clicks and retries (see lib/idempotency.ts); a success, or the server refusing the key as
 * used for another request (422), ends the action so the next one gets a fresh key.
 */
export function usePaymentMutation<V, R>({
  fingerprint,
  pay,
  onSuccess,
}: PaymentMutationOptions<V, R>) {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (variables: V) => pay(variables, keys.keyFor(fingerprint(variables))),
    onSuccess: (result, variables) => {
      keys.release();
      return onSuccess?.(result, variables);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) keys.release();
    },
  });
}
