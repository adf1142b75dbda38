import { describe, expect, it } from 'vitest';
import { visibleMarkSvg, visibleMarkText } from './visible-mark.ts';

const sizes = (svg: string) => [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('the visible mark (issue 35)', () => {
  it("names the viewer's handle and the instance", () => {
    expect(visibleMarkText('fan123', 'zura.example')).toBe('@fan123 · zura.example');
  });

  it('draws the text in the centre and two corners, escaped as XML', () => {
    const svg = visibleMarkSvg(800, 600, '@a<b>&"c\' · host');
    expect(svg.match(/<text /g)).toHaveLength(3);
    expect(svg).toContain('@a&lt;b&gt;&amp;&quot;c&apos; · host');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('width="800" height="600"');
  });

  it('sizes the text with the image, and keeps a long text inside it', () => {
    const [bigLarge = 0] = sizes(visibleMarkSvg(1080, 720, '@fan · zura.example'));
    const [bigSmall = 0] = sizes(visibleMarkSvg(320, 213, '@fan · zura.example'));
    expect(bigLarge).toBeGreaterThan(bigSmall * 2);
    const long = `@${'x'.repeat(30)} · zura.example`;
    const [fitted = 0] = sizes(visibleMarkSvg(1080, 720, long));
    expect(fitted * 0.62 * long.length).toBeLessThanOrEqual(1080 * 0.8 + 1);
  });
});
