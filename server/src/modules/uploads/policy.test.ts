import { describe, expect, it } from 'vitest';
import { cleanFilename } from './policy.ts';

describe('cleanFilename', () => {
  it('drops a right-to-left override, so the name cannot pose as another extension', () => {
    // Shown as "invoiceexe.pdf" by anything that honours the override.
    expect(cleanFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('drops every bidi control: embeddings, overrides, isolates and marks', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    expect(cleanFilename(`a${controls.join('')}b.png`)).toBe('ab.png');
  });

  it('drops C0, DEL and C1 control characters and keeps other scripts', () => {
    expect(cleanFilename('re\u0000po\u0007rt\u007f\u0085\u009b.pdf')).toBe('report.pdf');
    expect(cleanFilename('Übersicht für März.pdf')).toBe('Übersicht für März.pdf');
    expect(cleanFilename('تقرير.pdf')).toBe('تقرير.pdf');
  });

  it('answers "file" for a name made only of controls, and keeps the last path segment', () => {
    expect(cleanFilename('\u202E\u2066')).toBe('file');
    expect(cleanFilename('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(cleanFilename(undefined)).toBe('file');
  });
});
