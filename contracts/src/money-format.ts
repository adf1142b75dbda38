/**
 * The one money formatter of the app, shared by the web (every price and balance it shows) and
 * the server (notification sentences that leave by Web Push): `Intl.NumberFormat` in the
 * reader's language, the currency of the data, always with its cents ("$3.00", "3,00 $").
 * Four-digit amounts are not grouped ("$1234.50"), five and more are ("$12,345.00").
 */
export function formatMoney(cents: number, locale: string, currency = 'USD'): string {
  return formatterOf(locale, currency).format(cents / 100);
}

/**
 * One formatter per language and currency, made once: building an Intl formatter costs far
 * more than using it, and a list of notifications formats hundreds of amounts.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}/${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'min2',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}
