import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.ts';

describe('csvField', () => {
  it('leaves plain values alone', () => {
    expect(csvField('maya_22')).toBe('maya_22');
    expect(csvField('12.50')).toBe('12.50');
  });

  it('neutralises values a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('\tx')).toBe("'\tx");
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});
