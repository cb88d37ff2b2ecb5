import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../src/core/format/csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('你好')).toBe('你好');
    expect(csvCell(77.514)).toBe('77.514');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('他说"好"')).toBe('"他说""好"""');
    expect(csvCell('一\n二')).toBe('"一\n二"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+86 电话')).toBe("'+86 电话");
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    // Numbers are ours, not user text: a negative number stays a number.
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('toCsv', () => {
  it('joins rows with CRLF', () => {
    expect(toCsv([['id', 'text'], ['1', 'a,b']])).toBe('id,text\r\n1,"a,b"\r\n');
  });
});
