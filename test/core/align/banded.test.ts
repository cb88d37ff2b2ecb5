/**
 * The banded aligners against straightforward full-table references (the previous implementations, kept here
 * verbatim): same ops, same tie-breaking, same edit lists, on random near-identical and random unrelated texts.
 * The band is shrunk (bandTuning) so short texts take the banded path and widen several times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignAllChars, alignChars, bandTuning } from '../../../src/core/align/aligner.ts';
import { DELETE_COST, INSERT_COST, substitutionCost } from '../../../src/core/align/cost.ts';
import { levenshtein, withinOneEdit } from '../../../src/core/align/levenshtein.ts';
import { AlignmentTooLongError, setMaxAlignCells } from '../../../src/core/align/limits.ts';
import { type Cilin, parseCilin } from '../../../src/core/align/cilin.ts';
import type { AlignOp, AlignOpKind } from '../../../src/core/align/types.ts';
import { unitBandTuning, unitCostCodeEdits, unitCostEdits, type UnitCostEdit } from '../../../src/core/align/unit-cost.ts';
import { codePoints } from '../../../src/core/text.ts';
import { mulberry32 } from '../../fixtures/rng.ts';

// ---- Reference: the full ChERRANT-style table, as it was before banding. ----
interface RefTable {
  n: number;
  m: number;
  width: number;
  cost: Float64Array;
  ops: Uint8Array;
  window: Int32Array;
}
const [RM, RT, RS, RI, RD] = [1, 2, 4, 8, 16];

function refFill(src: readonly string[], tgt: readonly string[], cilin?: Cilin): RefTable {
  const n = src.length;
  const m = tgt.length;
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  const ops = new Uint8Array((n + 1) * width);
  const window = new Int32Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    cost[i * width] = i * DELETE_COST;
    ops[i * width] = RD;
  }
  for (let j = 1; j <= m; j++) {
    cost[j] = j * INSERT_COST;
    ops[j] = RI;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const cell = (i + 1) * width + j + 1;
      const diag = i * width + j;
      if (src[i] === tgt[j]) {
        cost[cell] = cost[diag]!;
        ops[cell] = RM;
        continue;
      }
      const del = cost[i * width + j + 1]! + DELETE_COST;
      const ins = cost[cell - 1]! + INSERT_COST;
      const sub = cost[diag]! + substitutionCost(src[i]!, tgt[j]!, cilin);
      let trans = Infinity;
      let win = 0;
      for (let k = 1; i - k >= 0 && j - k >= 0; k++) {
        if (cost[(i - k + 1) * width + j - k + 1] === cost[(i - k) * width + j - k]) break;
        const a = src.slice(i - k, i + 1).sort().join('\u0000');
        const b = tgt.slice(j - k, j + 1).sort().join('\u0000');
        if (a === b) {
          trans = cost[(i - k) * width + j - k]! + k;
          win = k + 1;
          break;
        }
      }
      const best = Math.min(trans, sub, ins, del);
      cost[cell] = best;
      let mask = 0;
      if (trans === best) {
        mask |= RT;
        window[cell] = win;
      }
      if (sub === best) mask |= RS;
      if (ins === best) mask |= RI;
      if (del === best) mask |= RD;
      ops[cell] = mask;
    }
  }
  return { n, m, width, cost, ops, window };
}

function refCellOps(t: RefTable, i: number, j: number): AlignOpKind[] {
  if (i === 0) return ['I'];
  if (j === 0) return ['D'];
  const mask = t.ops[i * t.width + j]!;
  if (mask & RM) return ['M'];
  const out: AlignOpKind[] = [];
  if (mask & RT) out.push('T');
  if (mask & RS) out.push('S');
  if (mask & RI) out.push('I');
  if (mask & RD) out.push('D');
  return out;
}

function refStep(t: RefTable, kind: AlignOpKind, i: number, j: number): AlignOp {
  if (kind === 'M' || kind === 'S') return { kind, srcStart: i - 1, srcEnd: i, tgtStart: j - 1, tgtEnd: j };
  if (kind === 'I') return { kind, srcStart: i, srcEnd: i, tgtStart: j - 1, tgtEnd: j };
  if (kind === 'D') return { kind, srcStart: i - 1, srcEnd: i, tgtStart: j, tgtEnd: j };
  const w = t.window[i * t.width + j]!;
  return { kind, srcStart: i - w, srcEnd: i, tgtStart: j - w, tgtEnd: j };
}

function refAllPaths(src: readonly string[], tgt: readonly string[], limit = 1000, cilin?: Cilin): AlignOp[][] {
  const t = refFill(src, tgt, cilin);
  const paths: AlignOp[][] = [];
  const walk = (i: number, j: number, path: AlignOp[]): void => {
    if (i + j === 0) {
      paths.push([...path].reverse());
      return;
    }
    const kinds = Math.abs(src.length - tgt.length) > 10 ? [refCellOps(t, i, j)[0]!] : refCellOps(t, i, j);
    for (const kind of kinds) {
      if (paths.length >= limit) return;
      const op = refStep(t, kind, i, j);
      path.push(op);
      walk(op.srcStart, op.tgtStart, path);
      path.pop();
    }
  };
  walk(t.n, t.m, []);
  return paths;
}

// ---- Reference: simple-csc's unit-cost table, as it was before banding. ----
function refUnitCost(orig: readonly string[], cor: readonly string[]): UnitCostEdit[] {
  const o = orig.length;
  const c = cor.length;
  const w = c + 1;
  const cost = new Int32Array((o + 1) * w);
  const op = new Uint8Array((o + 1) * w);
  for (let i = 1; i <= o; i++) [cost[i * w], op[i * w]] = [i, 3];
  for (let j = 1; j <= c; j++) [cost[j], op[j]] = [j, 2];
  for (let i = 0; i < o; i++) {
    for (let j = 0; j < c; j++) {
      const cell = (i + 1) * w + j + 1;
      if (orig[i] === cor[j]) {
        cost[cell] = cost[i * w + j]!;
        op[cell] = 0;
        continue;
      }
      const sub = cost[i * w + j]! + 1;
      const ins = cost[(i + 1) * w + j]! + 1;
      const del = cost[i * w + j + 1]! + 1;
      if (sub <= ins && sub <= del) [cost[cell], op[cell]] = [sub, 1];
      else if (ins <= del) [cost[cell], op[cell]] = [ins, 2];
      else [cost[cell], op[cell]] = [del, 3];
    }
  }
  const edits: UnitCostEdit[] = [];
  let i = o;
  let j = c;
  while (i + j !== 0) {
    const x = op[i * w + j]!;
    if (x <= 1) {
      if (x === 1) edits.push({ op: 'S', srcStart: i - 1, srcEnd: i, text: cor[j - 1]! });
      i--;
      j--;
    } else if (x === 3) {
      edits.push({ op: 'D', srcStart: i - 1, srcEnd: i, text: '' });
      i--;
    } else {
      edits.push({ op: 'I', srcStart: i, srcEnd: i, text: cor[j - 1]! });
      j--;
    }
  }
  return edits.reverse();
}

// ---- Random texts. ----

// Tiny alphabets make ties, repeats and transpositions common; homophones and punctuation vary the costs.
const ALPHABETS = ['ab', 'abc', '的地得在再做坐，。！', '我很喜欢你他们是的了在有不人这中大为上个国', '𠮷吉野家a,.'];

function randomText(r: () => number, alphabet: readonly string[], length: number): string[] {
  return Array.from({ length }, () => alphabet[Math.floor(r() * alphabet.length)]!);
}

/** A copy of `base` with a few random substitutions, insertions, deletions, swaps and doubled characters. */
function perturb(r: () => number, base: readonly string[], alphabet: readonly string[], edits: number): string[] {
  const out = [...base];
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * (out.length + 1));
    const kind = Math.floor(r() * 5);
    const ch = alphabet[Math.floor(r() * alphabet.length)]!;
    if (kind === 0 && at < out.length) out[at] = ch;
    else if (kind === 1) out.splice(at, 0, ch);
    else if (kind === 2 && at < out.length) out.splice(at, 1);
    else if (kind === 3 && at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1]!, out[at]!];
    else if (kind === 4 && at < out.length) out.splice(at, 0, out[at]!);
  }
  return out;
}

interface Case {
  src: string[];
  tgt: string[];
}

function cases(seed: number, count: number): Case[] {
  const r = mulberry32(seed);
  const out: Case[] = [];
  for (let c = 0; c < count; c++) {
    const alphabet = Array.from(ALPHABETS[c % ALPHABETS.length]!);
    const length = Math.floor(r() * 60);
    const src = randomText(r, alphabet, length);
    const unrelated = c % 4 === 3;
    const tgt = unrelated ? randomText(r, alphabet, Math.floor(r() * 60)) : perturb(r, src, alphabet, Math.floor(r() * 8));
    out.push(c % 2 === 0 ? { src, tgt } : { src: tgt, tgt: src });
  }
  return out;
}

describe('banded alignment equals the full table', () => {
  const saved = { ...bandTuning };
  const savedUnit = { ...unitBandTuning };
  beforeAll(() => {
    // Band everything from 1 cell up, starting at half-width 1, so most cases widen at least once.
    Object.assign(bandTuning, { fullTableCells: 0, firstBand: 1 });
    Object.assign(unitBandTuning, { fullTableCells: 0, firstBand: 1 });
  });
  afterAll(() => {
    Object.assign(bandTuning, saved);
    Object.assign(unitBandTuning, savedUnit);
  });

  it('ChERRANT-style: first path and every cheapest path, on 1,000 random pairs', () => {
    for (const { src, tgt } of cases(1, 1000)) {
      const label = `${src.join('')} → ${tgt.join('')}`;
      const all = refAllPaths(src, tgt);
      expect(alignChars(src, tgt), label).toEqual(all[0]);
      expect(alignAllChars(src, tgt), label).toEqual(all);
    }
  }, 120_000);

  it('ChERRANT-style: long near-identical texts', () => {
    const r = mulberry32(7);
    for (let c = 0; c < 12; c++) {
      const alphabet = Array.from(ALPHABETS[c % ALPHABETS.length]!);
      const src = randomText(r, alphabet, 300 + Math.floor(r() * 300));
      const tgt = perturb(r, src, alphabet, 1 + Math.floor(r() * 12));
      expect(alignChars(src, tgt)).toEqual(refAllPaths(src, tgt, 1)[0]);
    }
  }, 120_000);

  it('ChERRANT-style with a Cilin (per-symbol classes against substitutionCost per pair): 1,000 random pairs', () => {
    // Constructed classes with every class agreement d = 0..3, homophones (的地, 做坐) across classes, and
    // characters left out (在, ，).
    const cilin = parseCilin('Aa01A01= 的 地\nAa01B01= 得\nAb01A01= 做\nBa02A01= 坐 再\nBb02A01# 我\nAa02A01@ 你');
    const alphabet = Array.from('的地得做坐再我你在，');
    const r = mulberry32(11);
    let changed = 0;
    for (let c = 0; c < 1000; c++) {
      const src = randomText(r, alphabet, Math.floor(r() * 40));
      const tgt = c % 4 === 3 ? randomText(r, alphabet, Math.floor(r() * 40)) : perturb(r, src, alphabet, Math.floor(r() * 8));
      const label = `${src.join('')} → ${tgt.join('')}`;
      const all = refAllPaths(src, tgt, 1000, cilin);
      expect(alignChars(src, tgt, { cilin }), label).toEqual(all[0]);
      expect(alignAllChars(src, tgt, 1000, { cilin }), label).toEqual(all);
      if (JSON.stringify(all) !== JSON.stringify(refAllPaths(src, tgt))) changed++;
    }
    console.log(`Cilin changed the cheapest alignments of ${changed} of 1000 pairs`);
    // The Cilin matters in these cases (the check is not vacuous).
    expect(changed).toBeGreaterThan(100);
  }, 120_000);

  it('unit-cost (simple-csc levenshtein): same edits on 3,000 random pairs and long near-identical texts', () => {
    for (const { src, tgt } of cases(2, 3000)) {
      const expected = refUnitCost(src, tgt);
      expect(unitCostEdits(src, tgt), `${src.join('')} → ${tgt.join('')}`).toEqual(expected);
      expect(unitCostCodeEdits(codePoints(src.join('')), codePoints(tgt.join(''))), `${src.join('')} → ${tgt.join('')}`).toEqual(expected);
    }
    const r = mulberry32(9);
    for (let c = 0; c < 12; c++) {
      const alphabet = Array.from(ALPHABETS[c % ALPHABETS.length]!);
      const src = randomText(r, alphabet, 400 + Math.floor(r() * 400));
      const tgt = perturb(r, src, alphabet, 1 + Math.floor(r() * 20));
      expect(unitCostEdits(src, tgt)).toEqual(refUnitCost(src, tgt));
    }
  }, 120_000);
});

describe('withinOneEdit (the merger\'s swap test on long spans)', () => {
  it('equals levenshtein(a, b) <= 1 on 5,000 random pairs', () => {
    const r = mulberry32(3);
    for (let c = 0; c < 5000; c++) {
      const alphabet = Array.from(ALPHABETS[c % 2]!);
      const a = randomText(r, alphabet, Math.floor(r() * 6));
      const b = c % 3 === 0 ? randomText(r, alphabet, Math.floor(r() * 6)) : perturb(r, a, alphabet, Math.floor(r() * 3));
      expect(withinOneEdit(a, b), `${a.join('')} / ${b.join('')}`).toBe(levenshtein(a, b) <= 1);
    }
  });
});

describe('alignment limits', () => {
  it('refuses a pair that needs more cells than the limit, and aligns a long near-identical pair in a narrow band', () => {
    const before = setMaxAlignCells(100_000);
    try {
      const a = Array.from({ length: 5000 }, (_, k) => String.fromCodePoint(0x4e00 + ((k * 7919) % 2000)));
      const b = [...a];
      b[10] = '错';
      b.splice(4000, 1);
      // 5000 rows x a band of about 20 diagonals fits; the full table (25 million cells) would not.
      expect(alignChars(a, b).filter((op) => op.kind !== 'M')).toEqual([
        { kind: 'S', srcStart: 10, srcEnd: 11, tgtStart: 10, tgtEnd: 11 },
        { kind: 'D', srcStart: 4000, srcEnd: 4001, tgtStart: 4000, tgtEnd: 4000 },
      ]);
      expect(unitCostEdits(a, b)).toEqual([
        { op: 'S', srcStart: 10, srcEnd: 11, text: '错' },
        { op: 'D', srcStart: 4000, srcEnd: 4001, text: '' },
      ]);
      const unrelated = Array.from({ length: 5000 }, (_, k) => String.fromCodePoint(0x5e00 + ((k * 31) % 1000)));
      expect(() => alignChars(a, unrelated)).toThrow(AlignmentTooLongError);
      expect(() => unitCostEdits(a, unrelated)).toThrow(/5000 and 5000 characters differ too much to align within 100000 table cells \(needs at least \d+\)/);
    } finally {
      setMaxAlignCells(before);
    }
  }, 60_000);
});
