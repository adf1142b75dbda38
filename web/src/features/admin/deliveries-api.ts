import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';
import { adminKeys } from './api';

export const deliveryKeys = { all: [...adminKeys.all, 'federation-deliveries'] as const };

/** GET /federation/deliveries/: the queue's backlog and the deliveries given up on. */
export function federationDeliveriesQuery() {
  return queryOptions({
    queryKey: deliveryKeys.all,
    queryFn: ({ signal }) => client.GET('/api/federation/deliveries/', { signal }),
    // The queue moves on its own: every visit and window focus asks again.
    staleTime: 0,
  });
}

export function retryDelivery(id: number) {
  return client.POST('/api/federation/deliveries/{id}/retry/', { path: { id } });
}

export function forgetDelivery(id: number) {
  return client.DELETE('/api/federation/deliveries/{id}/', { path: { id } });
}
