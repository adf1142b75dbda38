import type { PaymentProvider } from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

/** The default provider: top-ups are credited at once. The interface says so plainly. */
export function createTestModeProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async startTopup() {
      return { status: 'credited' };
    },
    parseWebhook() {
      throw new WebhookSignatureError('Test mode has no payment webhooks.');
    },
  };
}
