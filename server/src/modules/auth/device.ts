import Bowser from 'bowser';

/**
 * A sign-in's browser and system in words ("Chrome 156 on Linux") for the device list, read
 * from the user agent it sent. The header is the client's to fill, so this only describes.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
