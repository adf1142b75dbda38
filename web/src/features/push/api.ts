import type { PushSubscriptionInput, pushDeviceState, pushKey } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

type PushDeviceState = z.infer<typeof pushDeviceState>;

export const pushKeys = {
  device: () => ['push', 'device'] as const,
};

/** Whether the server pushes to this sign-in (this device). */
export function pushDeviceQuery() {
  return {
    queryKey: pushKeys.device(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<PushDeviceState>('/push/subscriptions/', { signal }),
  };
}

export async function fetchPushKey(): Promise<string> {
  return (await api.get<z.infer<typeof pushKey>>('/push/key/')).public_key;
}

export function saveSubscription(body: PushSubscriptionInput) {
  return api.post<PushDeviceState>('/push/subscriptions/', body);
}

export function deleteSubscription() {
  return api.delete<PushDeviceState>('/push/subscriptions/');
}

export function sendTestPush() {
  return api.post<{ detail: string }>('/push/test/', {});
}
