import { pushDeviceState, pushKey, type PushSubscriptionInput } from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';

export const pushKeys = {
  device: () => ['push', 'device'] as const,
};

/** Whether the server pushes to this sign-in (this device). */
export function pushDeviceQuery() {
  return {
    queryKey: pushKeys.device(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get('/push/subscriptions/', { schema: pushDeviceState, signal }),
  };
}

export async function fetchPushKey(): Promise<string> {
  return (await api.get('/push/key/', { schema: pushKey })).public_key;
}

export function saveSubscription(body: PushSubscriptionInput) {
  return api.post('/push/subscriptions/', body, { schema: pushDeviceState });
}

export function deleteSubscription() {
  return api.delete('/push/subscriptions/', { schema: pushDeviceState });
}

export function sendTestPush() {
  return api.post('/push/test/', {}, { schema: z.object({ detail: z.string() }) });
}
