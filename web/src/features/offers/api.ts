import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BundlesBody,
  CreateOfferBody,
  bundleList,
  creatorOffer,
  creatorOfferList,
  publicOffer,
  subscribeOptions,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { errorBodyText, ApiError, isRecord } from '../../lib/api-errors';
import { invalidateAfterSubscribing } from '../../lib/query-keys';
import { offerKeys } from '../../lib/query-keys';

/** The creator's own offers, newest first (GET /creator/offers/). */
export function myOffersQuery() {
  return queryOptions({
    queryKey: offerKeys.mine(),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof creatorOfferList>>('/creator/offers/', { signal }),
  });
}

export function myBundlesQuery() {
  return queryOptions({
    queryKey: offerKeys.bundles(),
    queryFn: ({ signal }) => api.get<z.infer<typeof bundleList>>('/creator/bundles/', { signal }),
  });
}

/** An offer link's public page: anyone holding the link may read it. */
export function offerByCodeQuery(code: string) {
  return queryOptions({
    queryKey: offerKeys.byCode(code),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof publicOffer>>(`/offers/${encodeURIComponent(code)}/`, {
        signal,
        auth: false,
      }),
    retry: false,
  });
}

/** What this fan may choose when subscribing: the best discount for them and the bundles. */
export function useSubscribeOptions(creatorId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.options(creatorId),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof subscribeOptions>>(`/offers/for/${creatorId}/`, { signal }),
    enabled,
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBody) =>
      api.post<z.infer<typeof creatorOffer>>('/creator/offers/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
  });
}

export function useEndOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) =>
      api.post<z.infer<typeof creatorOffer>>(`/creator/offers/${offerId}/end/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
  });
}

export function useSaveBundles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BundlesBody) =>
      api.put<z.infer<typeof bundleList>>('/creator/bundles/', body),
    onSuccess: (saved) => queryClient.setQueryData(offerKeys.bundles(), saved),
  });
}

/** POST /offers/{code}/claim/ answers the creator subscribed to. */
interface ClaimedTrial {
  id: number;
  username: string;
}

/** Starts the free trial of a link; afterwards the profile shows the fan subscribed. */
export function useClaimTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<ClaimedTrial>(`/offers/${encodeURIComponent(code)}/claim/`),
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
