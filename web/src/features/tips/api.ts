import { z } from 'zod';
import { api } from '../../lib/api';
import { idempotencyHeaders } from '../../lib/idempotency';
import { amountText } from '../wallet/money';

const tipAnswer = z.looseObject({
  id: z.number(),
  amount_cents: z.number(),
  fee_cents: z.number(),
  creator_cents: z.number(),
  balance_cents: z.number(),
});
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
  return api.post(
    '/tips/',
    {
      creator_id: creatorId,
      amount: amountText(amountCents),
      ...(postId === undefined ? {} : { post_id: postId }),
    },
    { schema: tipAnswer, headers: idempotencyHeaders(idempotencyKey) },
  );
}
