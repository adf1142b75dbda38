import Bowser from 'bowser';

/** A sign-in's browser (name and major version) and system, each null when unknown. */
export type DeviceFacts = { browser: string | null; system: string | null };

/**
 * A sign-in's browser and system ("Chrome 156", "Linux") for the device list, read from the
 * user agent it sent. The header is the client's to fill, so this only describes. The web says
 * them in the reader's language; `describeDevice` is their English for API clients.
 */
export function deviceFacts(userAgent: string | null): DeviceFacts {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  return { browser: browser || null, system: parsed.os.name || null };
}

/** The facts in English words: "Chrome 156 on Linux", "Unknown device". */
export function describeDevice({ browser, system }: DeviceFacts): string {
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
