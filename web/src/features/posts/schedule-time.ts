/**
 * A `<input type="datetime-local">` value is a wall-clock time with no zone; the viewer means
 * their own. These turn it into the instant the server stores (ISO, UTC) and back.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-06-01T14:30" in the viewer's zone as an ISO instant; undefined when not a time. */
export function localInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  // A time skipped by a daylight-saving change, or 30 February, is not the one typed.
  if (date.getDate() !== day || date.getMonth() !== month - 1) return undefined;
  return date.toISOString();
}

/** An instant as the viewer's wall-clock value for a datetime-local input. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A suggested time: the next full hour at least `minutes` from now, for a new schedule. */
export function suggestedLocalInput(now: Date, minutes = 60): string {
  const next = new Date(now.getTime() + minutes * 60_000);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return isoToLocalInput(next.toISOString());
}
