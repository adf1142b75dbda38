import { describe, expect, it } from 'vitest';
import { withFeedLink, xmlText } from './atom.ts';
import { isFederationPath } from './mount.ts';
import { textToHtml } from './objects.ts';

describe('xmlText', () => {
  it('escapes markup and drops what XML 1.0 cannot hold', () => {
    expect(xmlText(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(xmlText('a\u0000b\u0008c\u000Bd\uFFFEe\uFFFFf')).toBe('abcdef');
    expect(xmlText('tab\tline\nreturn\r')).toBe('tab\tline\nreturn\r');
    // Astral characters stay; a lone surrogate does not.
    expect(xmlText('emoji 😀 lone \uD800 end')).toBe('emoji 😀 lone  end');
  });
});

describe('textToHtml', () => {
  it('shows the text as written: escaped, paragraphs and line breaks kept', () => {
    expect(textToHtml('one <script>\ntwo\n\nthree & "four"')).toBe(
      '<p>one &lt;script&gt;<br>two</p><p>three &amp; &quot;four&quot;</p>',
    );
    expect(textToHtml('')).toBe('');
  });
});

describe('withFeedLink', () => {
  it('adds the Atom link to a profile page head only', () => {
    const head = '<meta property="og:type" content="profile" />';
    expect(withFeedLink(head, '/profile/luna')).toBe(
      `${head}\n    <link rel="alternate" type="application/atom+xml" href="/profile/luna/feed.atom" />`,
    );
    expect(withFeedLink(head, '/profile/luna/')).toContain('/profile/luna/feed.atom');
    expect(withFeedLink(head, '/profile/edit')).toBe(head);
    expect(withFeedLink(head, '/posts/1')).toBe(head);
    // No card (unknown or suspended user): no link either.
    expect(withFeedLink(undefined, '/profile/luna')).toBeUndefined();
    expect(withFeedLink(head, '/profile/a"b')).toContain('href="/profile/a&quot;b/feed.atom"');
  });
});

describe('isFederationPath', () => {
  it('is Fedify’s paths and nothing else', () => {
    for (const path of [
      '/.well-known/webfinger?resource=x',
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
      '/ap/users/1',
      '/ap/inbox',
    ]) {
      expect(isFederationPath(path), path).toBe(true);
    }
    for (const path of [
      '/ap/media/users/1/avatar',
      '/api/posts/',
      '/profile/luna',
      '/apx',
      '/',
      '/.well-known/other',
    ]) {
      expect(isFederationPath(path), path).toBe(false);
    }
  });
});
