import { useQueryClient } from '@tanstack/react-query';
import { usePaymentMutation } from '../../lib/use-payment-mutation';
import { purchasePost } from './pay-per-view';
import { changePostEverywhere } from './post-cache';
import { walletKeys } from '../../lib/query-keys';

/**
 * POST /posts/{id}/purchase/: buying a post keeps one Idempotency-Key across double clicks and
 * retries. The answer (the opened post) replaces the closed card in every loaded list and on its page, and the
 * wallet reads its new balance and history.
 */
export function useBuyPost() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: (postId: number) => `post-purchase:${postId}`,
    pay: purchasePost,
    onSuccess: (bought) => {
      changePostEverywhere(queryClient, bought.id, () => bought);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
