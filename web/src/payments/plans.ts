import type { SubscribeMonths, SubscribeOptions } from '@zura/contracts';

/** One choice in the subscribe dialog: a month (maybe discounted) or a bundle. */
export interface Plan {
  /** 1, or a bundle's 3, 6 or 12: what POST /auth/subscriptions/ takes as is. */
  months: SubscribeMonths;
  /** What is charged now. */
  chargeCents: number;
  /** What each renewal charges. */
  renewCents: number;
  /** The discount of the first month (monthly) or of the bundle. */
  discountPercent: number | null;
}

/** The plans the server offers this fan, a month first; the server charges the same prices. */
export function plansOf(options: SubscribeOptions): Plan[] {
  const monthly: Plan = {
    months: 1,
    chargeCents: options.discount?.first_period_cents ?? options.price_cents,
    renewCents: options.price_cents,
    discountPercent: options.discount?.discount_percent ?? null,
  };
  return [
    monthly,
    ...options.bundles.map((bundle) => ({
      months: bundle.months,
      chargeCents: bundle.price_cents,
      renewCents: bundle.price_cents,
      discountPercent: bundle.discount_percent,
    })),
  ];
}
