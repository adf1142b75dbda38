import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BundlesBody, CreateOfferBody } from '@zura/contracts';
import { client } from '../../lib/api-client';
import { errorBodyText, ApiError, isRecord } from '../../lib/api-errors';
import { invalidateAfterSubscribing } from '../../lib/query-keys';
import { offerKeys } from '../../lib/query-keys';

/** The creator's own offers, newest first (GET /creator/offers/). */
export function myOffersQuery() {
  return queryOptions({
    queryKey: offerKeys.mine(),
    queryFn: ({ signal }) => client.GET('/api/creator/offers/', { signal }),
  });
}

export function myBundlesQuery() {
  return queryOptions({
    queryKey: offerKeys.bundles(),
    queryFn: ({ signal }) => client.GET('/api/creator/bundles/', { signal }),
  });
}

/** An offer link's public page: anyone holding the link may read it. */
export function offerByCodeQuery(code: string) {
  return queryOptions({
    queryKey: offerKeys.byCode(code),
    queryFn: ({ signal }) =>
      client.GET('/api/offers/{code}/', { path: { code }, signal, auth: false }),
    retry: false,
  });
}

/** What this fan may choose when subscribing: the best discount for them and the bundles. */
export function useSubscribeOptions(creatorId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.options(creatorId),
    queryFn: ({ signal }) =>
      client.GET('/api/offers/for/{creatorId}/', { path: { creatorId }, signal }),
    enabled,
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBody) => client.POST('/api/creator/offers/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
  });
}

export function useEndOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) =>
      client.POST('/api/creator/offers/{id}/end/', { path: { id: offerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
  });
}

export function useSaveBundles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BundlesBody) => client.PUT('/api/creator/bundles/', { body }),
    onSuccess: (saved) => queryClient.setQueryData(offerKeys.bundles(), saved),
  });
}

/** Starts the free trial of a link; afterwards the profile shows the fan subscribed. */
export function useClaimTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    // Answers the trial subscription (its creator's id and username).
    mutationFn: (code: string) => client.POST('/api/offers/{code}/claim/', { path: { code } }),
    onSuccess: () => invalidateAfterSubscribing(queryClient),
  });
}

/** The server's own words for a refusal: `error`, `detail`, or the first field message. */
export function refusalText(error: unknown): string | undefined {
  const text = errorBodyText(error, 'error') ?? errorBodyText(error, 'detail');
  if (text) return text;
  if (error instanceof ApiError && isRecord(error.body)) {
    for (const value of Object.values(error.body)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
  }
  return undefined;
}
