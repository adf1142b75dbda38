/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A value a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
 * prefixed with a single quote first, so opening the export never executes anything.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
