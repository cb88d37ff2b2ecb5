import { describe, expect, it } from 'vitest';
import {
  type CohenKappa,
  cohenKappa,
  cohenKappaFromTable,
  type FleissKappa,
  fleissKappa,
  fleissKappaFromCounts,
  majorityLabel,
  percentAgreement,
} from '../../../src/core/stats/agreement.ts';
import { isAvailable, type Unavailable } from '../../../src/core/stats/common.ts';

function ok<T extends object>(result: T | Unavailable): T {
  if (!isAvailable(result)) throw new Error(`unexpected unavailable: ${(result as Unavailable).reason}`);
  return result;
}

describe("Cohen's kappa", () => {
  it("matches the Wikipedia worked example (50 grant proposals, two readers)", () => {
    // Wikipedia "Cohen's kappa", Example: yes/yes 20, A yes B no 5, A no B yes 10, no/no 15
    // → p_o 0.7, p_e 0.5, κ 0.4.
    const k = ok(cohenKappaFromTable([
      [20, 5],
      [10, 15],
    ]));
    expect(k.observedAgreement).toBeCloseTo(0.7, 14);
    expect(k.expectedAgreement).toBeCloseTo(0.5, 14);
    expect(k.value).toBeCloseTo(0.4, 14);
  });

  it('matches a SAS PROC FREQ printout: kappa, ASE, confidence limits and the test of H0: kappa = 0', () => {
    // SAS output for the 3×3 table [[0,4,1],[0,8,0],[0,1,5]], as recorded in statsmodels'
    // stats/tests/test_inter_rater.py (TestUnweightedCohens): Kappa 0.4842, ASE 0.1380, 95% limits 0.2137 0.7547;
    // ASE under H0 0.1484, Z 3.2626, one-sided Pr > Z 0.0006, two-sided Pr > |Z| 0.0011.
    const k = ok(cohenKappaFromTable([
      [0, 4, 1],
      [0, 8, 0],
      [0, 1, 5],
    ])) as CohenKappa<number>;
    expect(k.value).toBeCloseTo(0.4842, 4);
    expect(k.se).toBeCloseTo(0.138, 4);
    expect(k.ci.lower).toBeCloseTo(0.2137, 4);
    expect(k.ci.upper).toBeCloseTo(0.7547, 4);
    expect(k.test?.se0).toBeCloseTo(0.1484, 4);
    expect(k.test?.z).toBeCloseTo(3.2626, 4);
    expect(k.test?.p).toBeCloseTo(0.0011, 4);
    const greater = ok(cohenKappaFromTable([[0, 4, 1], [0, 8, 0], [0, 1, 5]], { alternative: 'greater' }));
    expect(greater.test?.p).toBeCloseTo(0.0006, 4);
  });

  it("matches R irr::kappa2 on the package's anxiety data (raters 2 and 3)", () => {
    // irr's `anxiety` dataset (20 subjects × 3 raters), as written out in statsmodels' test_inter_rater.py;
    // kappa2(anxiety[, 2:3]) → Kappa -0.006289308, z -0.0604067, p-value 0.9518317.
    const anxiety = [
      3, 3, 3, 4, 5, 5, 2, 3, 5, 2, 2, 6, 1, 5, 2, 2, 1, 2, 4, 3, 3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1,
      3, 3, 4, 2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2,
    ];
    const k = ok(cohenKappa(anxiety.slice(20, 40), anxiety.slice(40, 60)));
    expect(k.value).toBeCloseTo(-0.006289308, 9);
    expect(k.test?.z).toBeCloseTo(-0.0604067, 7);
    expect(k.test?.p).toBeCloseTo(0.9518317, 7);
  });

  it('builds the table from two label lists in first-appearance order, or in the given order', () => {
    const a = ['ok', 'ok', 'bad', 'ok'];
    const b = ['ok', 'bad', 'bad', 'ok'];
    const k = ok(cohenKappa(a, b));
    expect(k.categories).toEqual(['ok', 'bad']);
    expect(k.table).toEqual([
      [2, 1],
      [0, 1],
    ]);
    // Hand-worked: p_o = 3/4; margins ok 3/4, 2/4 and bad 1/4, 2/4 → p_e = 1/2; κ = (3/4 − 1/2)/(1/2) = 1/2.
    expect(k.value).toBeCloseTo(0.5, 14);
    const ordered = ok(cohenKappa(a, b, { categories: ['bad', 'ok'] }));
    expect(ordered.table).toEqual([
      [1, 0],
      [1, 2],
    ]);
    expect(ordered.value).toBeCloseTo(0.5, 14);
    expect(() => cohenKappa(a, b, { categories: ['ok'] })).toThrow(RangeError);
  });

  it('is 1 with zero standard error for perfect agreement', () => {
    const k = ok(cohenKappa([true, false, true], [true, false, true]));
    expect(k.value).toBe(1);
    expect(k.se).toBeCloseTo(0, 14);
  });

  it('is unavailable when both raters use one and the same category, and untestable when one rater does', () => {
    expect(cohenKappa(['a', 'a'], ['a', 'a'])).toEqual({
      value: null,
      reason: 'chance agreement is 1 (both raters used one and the same category)',
    });
    expect(cohenKappa([], [])).toEqual({ value: null, reason: 'no rated items' });
    // One rater constant: p_o = p_e, so κ = 0, and the variance under H0 is exactly 0 (no z test).
    const k = ok(cohenKappa(['a', 'a', 'a', 'a'], ['a', 'b', 'a', 'b']));
    expect(k.value).toBeCloseTo(0, 14);
    expect(k.test).toBeNull();
  });
});

describe("Fleiss' kappa", () => {
  // Fleiss (1971): 30 patients, 6 psychiatrists each, 5 diagnoses (1 depression, 2 personality disorder,
  // 3 schizophrenia, 4 neurosis, 5 other); R irr's `diagnoses` dataset.
  const diagnoses = [
    [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
    [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
    [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
    [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
    [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
    [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
  ];

  it("matches Fleiss (1971) and R irr::kappam.fleiss on the diagnoses data", () => {
    // irr::kappam.fleiss(diagnoses): Kappa 0.4302445, z 17.65183 (values as recorded in statsmodels'
    // test_fleiss_kappa_irr); Fleiss (1971) reports κ = .430.
    const k = ok(fleissKappa(diagnoses, { categories: [1, 2, 3, 4, 5] })) as FleissKappa<number>;
    expect(k.value).toBeCloseTo(0.4302445, 7);
    expect(k.test?.z).toBeCloseTo(17.65183, 5);
    expect(k.test?.p).toBe(0);
    expect(k.items).toBe(30);
    expect(k.raters).toBe(6);
    // Category shares: column sums 26, 26, 30, 55, 43 of 180 ratings (statsmodels test_aggregate_raters).
    expect(k.perCategory.map((c) => c.proportion * 180)).toEqual(
      [26, 26, 30, 55, 43].map((v) => expect.closeTo(v, 10)),
    );
    // Category-wise κ (Fleiss 1971; irr's kappam.fleiss(diagnoses, detail = TRUE)): .245 .245 .520 .471 .566,
    // z 5.192 5.192 11.031 9.994 12.009.
    expect(k.perCategory.map((c) => c.kappa)).toEqual(
      [0.245, 0.245, 0.52, 0.471, 0.566].map((v) => expect.closeTo(v, 3)),
    );
    expect(k.perCategory.map((c) => c.test?.z)).toEqual(
      [5.192, 5.192, 11.031, 9.994, 12.009].map((v) => expect.closeTo(v, 3)),
    );
  });

  it('matches the Wikipedia worked example (10 items, 14 raters, 5 categories)', () => {
    // Wikipedia "Fleiss' kappa", Worked example: p_j = 0.143 0.200 0.279 0.150 0.229, P̄ = 0.378, P̄_e = 0.213,
    // κ = 0.210.
    const counts = [
      [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ];
    const k = ok(fleissKappaFromCounts(counts));
    expect(k.value).toBeCloseTo(0.21, 3);
    expect(k.observedAgreement).toBeCloseTo(0.378, 3);
    expect(k.expectedAgreement).toBeCloseTo(0.213, 3);
    expect(k.perCategory.map((c) => c.proportion)).toEqual(
      [0.143, 0.2, 0.279, 0.15, 0.229].map((v) => expect.closeTo(v, 3)),
    );
  });

  it('equals the two-rater agreement structure on a hand-worked case and reports unused categories as null', () => {
    // Items (a,a), (a,b), (b,b): P_i = 1, 0, 1 → P̄ = 2/3; p_a = p_b = 1/2 → P̄_e = 1/2;
    // κ = (2/3 − 1/2)/(1/2) = 1/3.
    const k = ok(fleissKappa([['a', 'a'], ['a', 'b'], ['b', 'b']], { categories: ['a', 'b', 'c'] }));
    expect(k.value).toBeCloseTo(1 / 3, 14);
    expect(k.perCategory[2]).toEqual({ category: 'c', proportion: 0, kappa: null, test: null });
  });

  it('needs the same number of ratings per item, at least two, and more than one category in use', () => {
    expect(fleissKappa([['a', 'b'], ['a', 'b', 'a']])).toEqual({
      value: null,
      reason: "item 1 has 3 ratings, item 0 has 2: Fleiss' κ needs equal counts",
    });
    expect(fleissKappa([['a'], ['b']])).toEqual({ value: null, reason: 'each item needs at least 2 ratings' });
    expect(fleissKappa([['a', 'a'], ['a', 'a']])).toEqual({
      value: null,
      reason: 'all ratings fall in one category: chance agreement is 1',
    });
    expect(fleissKappa([])).toEqual({ value: null, reason: 'no items' });
  });
});

describe('majorityLabel', () => {
  it('returns the most frequent label', () => {
    expect(majorityLabel(['ok', 'bad', 'ok'])).toEqual({ unresolved: false, label: 'ok', votes: 2, total: 3 });
    expect(majorityLabel([true])).toEqual({ unresolved: false, label: true, votes: 1, total: 1 });
  });

  it('reports a tie for the top count as unresolved, with the tied labels', () => {
    expect(majorityLabel(['ok', 'bad', 'bad', 'ok', 'meh'])).toEqual({
      unresolved: true,
      label: null,
      tied: ['ok', 'bad'],
      votes: 2,
      total: 5,
    });
    expect(majorityLabel([])).toEqual({ unresolved: true, label: null, tied: [], votes: 0, total: 0 });
  });
});

describe('percentAgreement', () => {
  it('averages the share of agreeing rater pairs per item (hand-worked)', () => {
    // (a,a,b): 1 agreeing pair of 3 → 1/3; (a,a,a): 1; (b): skipped. Mean 2/3; unanimous 1 of 2 items.
    expect(percentAgreement([['a', 'a', 'b'], ['a', 'a', 'a'], ['b']])).toEqual({
      value: expect.closeTo(2 / 3, 14),
      unanimous: 0.5,
      items: 2,
      skipped: 1,
    });
  });

  it('is plain agreement for two raters, and unavailable without pairs', () => {
    const r = percentAgreement([[1, 1], [1, 2], [2, 2], [3, 1]]);
    expect(r).toEqual({ value: 0.5, unanimous: 0.5, items: 4, skipped: 0 });
    expect(percentAgreement([['a']])).toEqual({ value: null, reason: 'no item has two or more ratings' });
  });
});
