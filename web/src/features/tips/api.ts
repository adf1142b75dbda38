import type { tipAnswer } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';
import { amountText } from '../../payments/money';

/** The server serializes through the contract's schema, so its type is the answer's shape. */
export type TipAnswer = z.infer<typeof tipAnswer>;

export interface TipRequest {
  creatorId: number;
  amountCents: number;
  /** A tip on a post names it; a tip on a profile does not. */
  postId?: number;
}

/** The same tip (creator, post, amount) keeps its Idempotency-Key across retries. */
export function tipFingerprint({ creatorId, amountCents, postId }: TipRequest): string {
  return `tip:${creatorId}:${postId ?? '-'}:${amountCents}`;
}

/** POST /tips/ from the wallet; the creator receives 90%. */
export function sendTip({ creatorId, amountCents, postId }: TipRequest, idempotencyKey: string) {
  return client.POST('/api/tips/', {
    body: {
      creator_id: creatorId,
      amount: amountText(amountCents),
      ...(postId === undefined ? {} : { post_id: postId }),
    },
    headers: idempotencyHeaders(idempotencyKey),
  });
}
