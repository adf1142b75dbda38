import { API_BASE } from './api';

/**
 * Reads an RFC 8288 `Link` header (`<url>; rel="next", <url>; rel="prev"`) into a map from
 * each relation type to its URL. Relations are lower-cased; the first link of a type wins.
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  // A link is `<...>` followed by `;`-separated parameters up to the next comma that starts
  // another `<`; URLs may themselves contain commas, so split on the angle brackets.
  const pattern = /<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of header.matchAll(pattern)) {
    const url = match[1]?.trim() ?? '';
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const value = rel?.[1] ?? rel?.[2];
    if (!url || !value) continue;
    for (const type of value.toLowerCase().split(/\s+/)) {
      if (type && !(type in links)) links[type] = url;
    }
  }
  return links;
}

/**
 * The `rel="next"` link as a path for the API client (relative to {@link API_BASE}), or
 * undefined when there is no next page. Only same-origin API paths are accepted, so a
 * tampered header can never send the bearer token elsewhere.
 */
export function nextPagePath(header: string | null | undefined): string | undefined {
  const next = parseLinkHeader(header).next;
  if (!next) return undefined;
  let path = next;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.exec(next);
  if (absolute) {
    const origin = globalThis.location?.origin;
    if (!origin || !next.startsWith(`${origin}/`)) return undefined;
    path = next.slice(origin.length);
  }
  if (!path.startsWith(`${API_BASE}/`) || path.startsWith('//')) return undefined;
  return path.slice(API_BASE.length);
}
