import { describe, expect, it } from 'vitest';
import { papaRows, unquotedRows } from '../../../src/core/io/delimited.ts';

// The fast unquoted reader must give exactly what papaparse's fastMode gave before it, and each row's `start`
// must point at its cells in the text (compact reads keep offsets: row-store.ts).
function lines(output: { rows: { line: number; cells: unknown[] }[]; errors: unknown[] }) {
  return { rows: output.rows.map((r) => ({ line: r.line, cells: r.cells })), errors: output.errors };
}

function startsPointAtCells(text: string, delimiter: string): boolean {
  return unquotedRows(text, delimiter).rows.every((r) => {
    const joined = (r.cells as string[]).join(delimiter);
    const end = r.start! + joined.length;
    return text.slice(r.start, end) === joined && (end === text.length || text[end] === '\n');
  });
}

const CASES: Record<string, string> = {
  plain: 'id\tsource\treference\na\t你好\t你好\nb\t他\t她\n',
  'no final newline': 'id\tprediction\na\t你好',
  'empty lines anywhere': '\n\nid\tprediction\n\na\tx\n\n\nb\ty\n\n',
  'lines of delimiters or spaces only': 'id\tp\n\t\n \na\t\t\n\t',
  'literal quotes': 'id\tp\na\t他说"好"\nb\t"整句"\n"c"\t""\n',
  'one line': 'x',
  empty: '',
  'only newlines': '\n\n\n',
  'comma delimiter': 'id,p\na,b,c\n,\n',
  'astral and BOM-free CJK': 'id\tp\n𠀀\t𠀁𠀂\n',
};

describe('unquotedRows', () => {
  for (const [name, text] of Object.entries(CASES)) {
    it(`matches papaparse fastMode: ${name}`, () => {
      const delimiter = name === 'comma delimiter' ? ',' : '\t';
      expect(lines(unquotedRows(text, delimiter))).toEqual(papaRows(text, delimiter, false));
      expect(startsPointAtCells(text, delimiter)).toBe(true);
    });
  }
});

describe('unquotedRows on generated text', () => {
  it('matches papaparse fastMode on 500 seeded strings over tab, newline, quote, space and letters', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = ['a', '字', '\t', '\n', '"', ' ', ','];
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(lines(unquotedRows(text, '\t')), JSON.stringify(text)).toEqual(papaRows(text, '\t', false));
      expect(startsPointAtCells(text, '\t'), JSON.stringify(text)).toBe(true);
    }
  });
});
