import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribeMonths } from '@zura/contracts';
import { usePaymentMutation } from '../../lib/use-payment-mutation';
import { cancelSubscription, subscribe, type MySubscriptions, type Subscription } from './api';
import { replaceSubscription } from './pricing';
import { invalidateAfterSubscribing, profileKeys, subscriptionKeys } from '../../lib/query-keys';

/**
 * Subscribes (paying the first month). Afterwards the creator's profile shows 'Subscribed',
 * their gated posts are fetched again with content, and the wallet and list are reloaded.
 */
export interface SubscribeRequest {
  creatorId: number;
  /** Consent to share the fan's email with this creator (asked once, off by default). */
  shareEmail?: boolean;
  /** 1, or a bundle's 3, 6 or 12 months. */
  months?: SubscribeMonths;
  /** The price shown in the dialog; the server refuses (409) to charge any other. */
  expectedPriceCents?: number;
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: ({ creatorId, shareEmail, months, expectedPriceCents }: SubscribeRequest) =>
      `subscribe:${creatorId}:${shareEmail === true}:${months ?? 1}:${expectedPriceCents ?? ''}`,
    pay: ({ creatorId, shareEmail, months, expectedPriceCents }, key) =>
      subscribe(creatorId, key, shareEmail, months, expectedPriceCents),
    onSuccess: () => invalidateAfterSubscribing(queryClient),
  });
}

/** Cancels at the period's end; the row shows 'Active until {date}' at once. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number) => cancelSubscription(subscriptionId),
    onSuccess: (updated: Subscription) => {
      queryClient.setQueryData<MySubscriptions>(subscriptionKeys.mine(), (data) =>
        data ? { ...data, active: replaceSubscription(data.active, updated) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: profileKeys.users() });
    },
  });
}
