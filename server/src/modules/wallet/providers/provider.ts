/** Where money comes from. The test provider credits at once; Stripe redirects to Checkout. */
type TopupStart =
  { status: 'credited' } | { status: 'redirect'; checkoutUrl: string; providerRef: string };

type ConfirmedTopup = { providerRef: string; amountCents: number };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly testMode: boolean;
  /**
   * Called outside any database transaction. `requestKey` is unique to the top-up and the same
   * on every retry of it, so a retried call answers the first call's result.
   */
  startTopup(input: {
    topupId: number;
    userId: number;
    amountCents: number;
    requestKey: string;
  }): Promise<TopupStart>;
  /**
   * Verifies a webhook's signature and answers the paid top-up it confirms, or undefined for
   * events that confirm nothing. Throws on a bad signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ConfirmedTopup | undefined;
}

export class WebhookSignatureError extends Error {}
