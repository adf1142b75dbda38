import type { PushSubscriptionInput } from '@zura/contracts';
import { client } from '../../lib/api-client';

export const pushKeys = {
  device: () => ['push', 'device'] as const,
};

/** Whether the server pushes to this sign-in (this device). */
export function pushDeviceQuery() {
  return {
    queryKey: pushKeys.device(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      client.GET('/api/push/subscriptions/', { signal }),
  };
}

export async function fetchPushKey(): Promise<string> {
  return (await client.GET('/api/push/key/')).public_key;
}

export function saveSubscription(body: PushSubscriptionInput) {
  return client.POST('/api/push/subscriptions/', { body });
}

export function deleteSubscription() {
  return client.DELETE('/api/push/subscriptions/');
}

export function sendTestPush() {
  return client.POST('/api/push/test/');
}
