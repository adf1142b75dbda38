/**
 * Remote HTML (a bio, a note's content) as plain text. A remote server's markup is not ours to
 * render: the web app shows text, so no tag, attribute or script of theirs reaches a page.
 * Paragraphs and line breaks survive as newlines; everything else that is a tag is dropped and
 * entities are decoded once (after the tags are gone, so a decoded `&lt;` is text, not markup).
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Longest text kept of one remote field: what a bio or a note can reasonably be. */
const MAX_TEXT = 20_000;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1));
      // Controls (but tab and newline), surrogates and out-of-range values are not text.
      const valid =
        code <= 0x10ffff &&
        !(code >= 0xd800 && code <= 0xdfff) &&
        (code >= 0x20 || code === 9 || code === 10);
      return valid ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Plain text of remote HTML; null for nothing (or only whitespace). */
export function remoteHtmlToText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = decodeEntities(
    html
      .slice(0, MAX_TEXT * 4)
      // What a script or style holds is not text a reader was meant to see.
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p\s*>\s*<p\b[^>]*>/gi, '\n\n')
      .replace(/<[^>]*>?/g, ''),
  )
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT);
  return text === '' ? null : text;
}
