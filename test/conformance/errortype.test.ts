import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, errorUnits, similarityShares, typeShares } from '../../src/core/errortype/index.ts';
import { readTestSet } from '../../src/core/io/index.ts';
import { loadFile } from './shared-data.ts';

// Seed 003, quoting Liu et al. 2011: 83% of Chinese spelling errors are phonetic, 48% graphic, 35% both.
const SEED = { phonetic: 0.83, graphic: 0.48, both: 0.35 };

describe('error types of SIGHAN15 gold errors', () => {
  const set = readTestSet(loadFile('sighan15/test.tsv'));
  const units = set.rows.flatMap((r) => errorUnits(r.source, r.references[0]!));
  const shares = typeShares(units);
  const similarity = similarityShares(units);

  it('prints our shares beside seed 003’s', () => {
    const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);
    const lines = [
      `SIGHAN15 gold: ${units.length} error units in ${set.rows.length} sentences`,
      ...ERROR_TYPES.map((t) => `  ${t.padEnd(9)} ${String(shares[t].count).padStart(4)}  ${pct(shares[t].share)}`),
      `  among ${similarity.substitutions} same-length substitutions (ours vs seed 003):`,
      `    phonetic (incl. both) ${pct(similarity.phonetic)} vs ${pct(SEED.phonetic)}`,
      `    graphic (incl. both)  ${pct(similarity.graphic)} vs ${pct(SEED.graphic)}`,
      `    both                  ${pct(similarity.both)} vs ${pct(SEED.both)}`,
      `    other                 ${pct(similarity.other)}`,
    ];
    console.log(lines.join('\n'));
    expect(units.length).toBeGreaterThan(0);
  });

  it('adds up: counts to the units, shares to one, the overlap consistently', () => {
    const counts = ERROR_TYPES.reduce((n, t) => n + shares[t].count, 0);
    expect(counts).toBe(units.length);
    expect(ERROR_TYPES.reduce((s, t) => s + shares[t].share!, 0)).toBeCloseTo(1, 12);
    // phonetic ∪ graphic ∪ other covers each substitution once: P + G − both + other = 1.
    expect(similarity.phonetic! + similarity.graphic! - similarity.both! + similarity.other!).toBeCloseTo(1, 12);
    const substitutions = shares.phonetic.count + shares.graphic.count + shares.both.count + shares.other.count;
    expect(similarity.substitutions).toBe(substitutions);
  });

  it('accounts for every position where source and reference differ', () => {
    // Source and reference have equal lengths here; each differing position is one substitution unit, except
    // where the aligner reads two neighbouring positions as an insertion plus a deletion (决绝 → 解决: two units
    // for two positions), so units and differing positions come out equal.
    let differing = 0;
    for (const r of set.rows) {
      const src = Array.from(r.source);
      Array.from(r.references[0]!).forEach((c, i) => {
        if (c !== src[i]) differing++;
      });
    }
    const s = similarity.substitutions;
    const lengthChanging = shares.insertion.count + shares.deletion.count + shares.unequal.count + shares.reorder.count;
    console.log(`differing positions ${differing}; substitution units ${s}; length-changing units ${lengthChanging}`);
    expect(s + lengthChanging).toBe(differing);
    expect(lengthChanging / units.length).toBeLessThan(0.02);
  });

  it('finds most errors phonetic, as seed 003 does (83%)', () => {
    // Our phonetic test is broader than Liu et al.'s (any reading, one letter of edit distance), so the share may
    // sit above 83%; far outside 70–98% would mean the readings or the alignment broke.
    expect(similarity.phonetic!).toBeGreaterThan(0.7);
    expect(similarity.phonetic!).toBeLessThan(0.98);
    // Graphic errors exist but are fewer than phonetic ones.
    expect(similarity.graphic!).toBeGreaterThan(0.1);
    expect(similarity.graphic!).toBeLessThan(similarity.phonetic!);
  });
});
