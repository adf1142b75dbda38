import { useQueryClient } from '@tanstack/react-query';
import { usePaymentMutation } from '../../lib/use-payment-mutation';
import { walletKeys } from '../wallet/api';
import { postKeys, type PostPages } from './api';
import { purchasePost, replacePost } from './pay-per-view';

/**
 * POST /posts/{id}/purchase/: buying a post keeps one Idempotency-Key across double clicks and
 * retries. The answer (the opened post) replaces the closed card in every loaded list, and the
 * wallet reads its new balance and history.
 */
export function useBuyPost() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: (postId: number) => `post-purchase:${postId}`,
    pay: purchasePost,
    onSuccess: (bought) => {
      queryClient.setQueriesData<PostPages>({ queryKey: postKeys.all }, (data) =>
        replacePost(data, bought),
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
