/** UTF-32 (issue 24): named and refused, never read as UTF-16 text full of NUL characters. */
import { describe, expect, it } from 'vitest';
import { detectEncoding } from '../../../../src/core/io/index.ts';
import { utf16 } from './fixtures.ts';
import { testSet } from './fixtures.ts';
import { runCases, type HostileCase } from './table.ts';

function utf32(text: string, order: 'LE' | 'BE'): Uint8Array {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const out = new Uint8Array(cps.length * 4);
  const view = new DataView(out.buffer);
  cps.forEach((cp, i) => view.setUint32(i * 4, cp, order === 'LE'));
  return out;
}
const TSV = 'id\tsource\treference\na\t我门\t我们\nb\t𠀀他门\t𠀀他们\n';

const cases: HostileCase[] = [
  { name: 'UTF-32LE with its BOM', read: () => testSet('w.tsv', utf32('\ufeff' + TSV, 'LE')), issues: [['w.tsv', null, 'the file is UTF-32 (LE), which is not supported; save it as UTF-8']] },
  { name: 'UTF-32BE with its BOM', read: () => testSet('w.tsv', utf32('\ufeff' + TSV, 'BE')), issues: [['w.tsv', null, 'the file is UTF-32 (BE)']] },
  { name: 'UTF-32LE without a BOM', read: () => testSet('w.tsv', utf32(TSV, 'LE')), issues: [['w.tsv', null, 'the file is UTF-32 (LE)']] },
  { name: 'UTF-32BE without a BOM, ASCII only', read: () => testSet('w.tsv', utf32('id\tsource\treference\na\tb\tc\n', 'BE')), issues: [['w.tsv', null, 'the file is UTF-32 (BE)']] },
  {
    name: 'UTF-16LE of ASCII is still UTF-16 (its high bytes are the next character, not zero)',
    read: () => testSet('w.tsv', utf16('\ufeffid\tsource\treference\na\tb\tc\n', 'le')),
    rows: [['a', 'b', 'c']],
  },
];

describe('hostile wide encodings', () => {
  runCases(cases);
  it('the detection says utf-32 and its byte order, with no candidate chosen', () => {
    expect(detectEncoding(utf32(TSV, 'BE'))).toMatchObject({ encoding: null, verdict: 'utf-32', utf32: 'BE' });
  });
});
