import { describe, expect, it } from 'vitest';
import { remoteHtmlToText } from './remote-text.ts';

describe('remote HTML as text', () => {
  it('keeps paragraphs and breaks, drops tags, scripts and styles', () => {
    expect(
      remoteHtmlToText(
        '<p>Hello <a href="https://x.example" onclick="evil()">@bob</a></p><p>line<br/>two</p><script>alert(1)</script><style>p{}</style>',
      ),
    ).toBe('Hello @bob\n\nline\ntwo');
  });

  it('decodes entities once, after the tags are gone, so encoded markup stays text', () => {
    expect(remoteHtmlToText('&lt;img src=x onerror=alert(1)&gt; &amp;amp; &#x1F600; &#65;')).toBe(
      '<img src=x onerror=alert(1)> &amp; 😀 A',
    );
  });

  it('drops control characters and invalid code points; nothing is null', () => {
    expect(remoteHtmlToText('a&#0;b&#xD800;c\u0007d')).toBe('abcd');
    expect(remoteHtmlToText('<p> </p>')).toBeNull();
    expect(remoteHtmlToText(null)).toBeNull();
  });

  it('drops an unclosed tag at the end', () => {
    expect(remoteHtmlToText('text<img src="x" onerror="y"')).toBe('text');
  });
});
