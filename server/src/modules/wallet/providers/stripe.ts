import Stripe from 'stripe';
import type { PaymentProvider } from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

/**
 * Stripe Checkout for top-ups. The wallet is credited only by the signed
 * `checkout.session.completed` webhook, exactly once per session.
 */
export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Another API address (stripe-mock, a local test server); production leaves it unset. */
  apiBase?: string | undefined;
}): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    async startTopup({ topupId, userId, amountCents, requestKey }) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: amountCents,
                  product_data: { name: 'Zura wallet top-up' },
                },
              },
            ],
            client_reference_id: String(topupId),
            metadata: { topup_id: String(topupId), user_id: String(userId) },
            success_url: `${options.publicUrl}/wallet?topup=success`,
            cancel_url: `${options.publicUrl}/wallet?topup=cancelled`,
          },
          { idempotencyKey: requestKey },
        )
        .catch((error: unknown) => {
          // Stripe's errors carry Stripe's status (401 for a bad key, 402, 429...) and text about
          // the platform's account: the client sees neither, only our (logged) failure.
          throw new Error('Stripe could not create a Checkout Session', { cause: error });
        });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { status: 'redirect', checkoutUrl: session.url, providerRef: session.id };
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid signature',
        );
      }
      if (event.type !== 'checkout.session.completed') return undefined;
      const session = event.data.object;
      if (session.payment_status !== 'paid' || session.amount_total === null) return undefined;
      return { providerRef: session.id, amountCents: session.amount_total };
    },
  };
}
