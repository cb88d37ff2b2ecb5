/**
 * Whether a first row whose names are not recognised is a header anyway, on evidence from the rows below it: its
 * id is written unlike every id under it (编号 over a, 1, 2), or, in a test set, its source and reference share no
 * character while the sentences below share most of theirs (原句/正确 is no correction). A header scored as a
 * sentence would change every number, so such a file is refused, never guessed.
 */
import type { RawRow } from './table.ts';

/** Enough rows to see the pattern of a file's ids and corrections. */
const SAMPLE = 50;

/** An id's shape: digits 9, Latin letters a, Han 中, other characters as they are, runs collapsed (test_0001 → a_9). */
export function idShape(id: string): string {
  let shape = '';
  for (const ch of id) {
    const c = /\d/.test(ch) ? '9' : /[A-Za-z]/.test(ch) ? 'a' : /\p{Script=Han}/u.test(ch) ? '中' : ch;
    if (!shape.endsWith(c)) shape += c;
  }
  return shape;
}

function sharesCharacter(a: string, b: string): boolean {
  const chars = new Set(a);
  for (const ch of b) if (chars.has(ch)) return true;
  return false;
}

const text = (cell: unknown) => (typeof cell === 'string' ? cell : '');

export function looksLikeHeader(rows: readonly RawRow[], purpose: 'test' | 'predictions'): boolean {
  const [first, ...rest] = rows.slice(0, SAMPLE + 1);
  if (!first) return false;
  const ids = rest.map((r) => idShape(text(r.cells[0])));
  if (ids.length > 0 && !ids.includes(idShape(text(first.cells[0])))) return true;
  if (purpose !== 'test' || first.cells.length < 3) return false;
  const corrects = (r: RawRow) => sharesCharacter(text(r.cells[1]), text(r.cells[2]));
  if (corrects(first)) return false;
  // A single row has nothing to compare with: a source and reference without a common character is no CSC row.
  return rest.length === 0 || rest.filter(corrects).length * 2 > rest.length;
}
