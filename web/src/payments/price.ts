/**
 * A price as the API writes it ('free', '4.99') in cents; undefined when unreadable or absent.
 */
export function priceToCents(price: string | null | undefined): number | undefined {
  const text = price?.trim().toLowerCase();
  if (!text) return undefined;
  if (text === 'free') return 0;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
