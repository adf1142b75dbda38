import type { TFunction } from '../../lib/translator';
import { isRecord } from '../../lib/api-errors';

/**
 * The statement's title of a subscription charge that came from an offer or a bundle, read from
 * the ledger reference as the server writes it (`trial`, `months`, `discount_percent`);
 * undefined for any other line, which keeps its usual title.
 */
export function offerChargeTitle(
  item: { kind: string; reference?: unknown },
  t: TFunction,
): string | undefined {
  const ref = isRecord(item.reference) ? item.reference : {};
  const months = typeof ref.months === 'number' && ref.months > 1 ? ref.months : undefined;
  if (item.kind === 'subscription') {
    if (ref.trial === 1) return t('offers.statement.trial');
    if (months) return t('offers.statement.bundle', { count: months });
    if (typeof ref.discount_percent === 'number') {
      return t('offers.statement.discount', { percent: ref.discount_percent });
    }
  }
  if (item.kind === 'renewal' && months)
    return t('offers.statement.bundleRenewal', { count: months });
  return undefined;
}
