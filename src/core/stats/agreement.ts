/**
 * Agreement between raters on categorical labels. Cohen's κ = (p_o − p_e)/(1 − p_e) compares two raters'
 * observed agreement p_o with the agreement p_e expected from their own label frequencies; Fleiss' κ extends
 * this to items that each received the same number m of ratings from a pool of raters. Also: the majority label
 * of one item and plain percent agreement.
 *
 * Standard errors: Cohen's κ gets the large-sample SE of Fleiss, Cohen & Everitt (1969) for its confidence
 * interval and the SE under κ = 0 for its z test (as SAS PROC FREQ and R irr::kappa2 report them). Fleiss' κ gets
 * the SE under κ = 0 of Fleiss, Nee & Landis (1979) (as irr::kappam.fleiss), overall and per category.
 */
import {
  type Alternative,
  assertLevel,
  assertSameLength,
  type ConfidenceInterval,
  type Unavailable,
  unavailable,
} from './common.ts';
import { normalPValue, normalQuantile } from './distributions.ts';

/** A category label: anything compared with ===. */
export type Label = string | number | boolean;

/** z test of κ = 0. */
export interface KappaTest {
  /** Standard error under κ = 0. */
  se0: number;
  z: number;
  p: number;
  alternative: Alternative;
}

export interface CohenKappa<T extends Label = Label> {
  value: number;
  n: number;
  observedAgreement: number;
  expectedAgreement: number;
  /** Large-sample standard error (Fleiss, Cohen & Everitt 1969), used for `ci`. */
  se: number;
  ci: ConfidenceInterval;
  /** Null when the SE under κ = 0 is 0 (one rater used a single category). */
  test: KappaTest | null;
  categories: T[];
  /** Counts: rows are the first rater's labels, columns the second's, both in `categories` order. */
  table: number[][];
}

export interface KappaOptions {
  confidenceLevel?: number;
  alternative?: Alternative;
}

export interface CohenKappaOptions<T extends Label> extends KappaOptions {
  /** Category order of `table`; default: order of first appearance in a, then b. Labels outside it throw. */
  categories?: readonly T[];
}

/** Cohen's κ for two raters who labelled the same items (a[i] and b[i] are the two labels of item i). */
export function cohenKappa<T extends Label>(
  a: readonly T[],
  b: readonly T[],
  options: CohenKappaOptions<T> = {},
): CohenKappa<T> | Unavailable {
  assertSameLength('cohenKappa', a, b);
  const categories = categoryList(options.categories, [a, b]);
  const index = new Map<T, number>(categories.map((c, i) => [c, i]));
  const table = categories.map(() => new Array<number>(categories.length).fill(0));
  for (let i = 0; i < a.length; i++) {
    const r = index.get(a[i] as T);
    const c = index.get(b[i] as T);
    if (r === undefined || c === undefined) throw new RangeError(`label at index ${i} is not among the categories`);
    (table[r] as number[])[c] = ((table[r] as number[])[c] as number) + 1;
  }
  return kappaFromTable(table, categories, options);
}

/** Cohen's κ from a square contingency table of counts (rows: first rater, columns: second rater). */
export function cohenKappaFromTable(
  table: readonly (readonly number[])[],
  options: KappaOptions = {},
): CohenKappa<number> | Unavailable {
  const k = table.length;
  for (const row of table) {
    if (row.length !== k) throw new RangeError('cohenKappaFromTable: the table must be square');
    for (const v of row) if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`invalid count ${v}`);
  }
  return kappaFromTable(
    table.map((row) => [...row]),
    table.map((_, i) => i),
    options,
  );
}

function kappaFromTable<T extends Label>(
  table: number[][],
  categories: T[],
  options: KappaOptions,
): CohenKappa<T> | Unavailable {
  const level = options.confidenceLevel ?? 0.95;
  assertLevel(level);
  const alternative = options.alternative ?? 'two-sided';
  const k = table.length;
  const cell = (i: number, j: number) => (table[i] as number[])[j] as number;
  let n = 0;
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) n += cell(i, j);
  if (n === 0) return unavailable('no rated items');
  const p = (i: number, j: number) => cell(i, j) / n;
  const row = new Array<number>(k).fill(0);
  const col = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      row[i] = (row[i] as number) + p(i, j);
      col[j] = (col[j] as number) + p(i, j);
    }
  }
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    po += p(i, i);
    pe += (row[i] as number) * (col[i] as number);
  }
  // p_e = 1 only when both raters put every item in one and the same category: κ is 0/0.
  if (pe >= 1 - 1e-15) return unavailable('chance agreement is 1 (both raters used one and the same category)');
  const kappa = (po - pe) / (1 - pe);

  // Fleiss, Cohen & Everitt (1969), large-sample variance (the form SAS PROC FREQ documents).
  let A = 0;
  let B = 0;
  for (let i = 0; i < k; i++) {
    A += p(i, i) * (1 - ((row[i] as number) + (col[i] as number)) * (1 - kappa)) ** 2;
    for (let j = 0; j < k; j++) if (i !== j) B += p(i, j) * ((col[i] as number) + (row[j] as number)) ** 2;
  }
  B *= (1 - kappa) ** 2;
  const C = (kappa - pe * (1 - kappa)) ** 2;
  const se = Math.sqrt(Math.max(0, (A + B - C) / ((1 - pe) ** 2 * n)));
  const q = normalQuantile((1 + level) / 2);
  const ci = { level, lower: kappa - q * se, upper: kappa + q * se };

  let s = 0;
  for (let i = 0; i < k; i++) s += (row[i] as number) * (col[i] as number) * ((row[i] as number) + (col[i] as number));
  const var0 = (pe + pe * pe - s) / ((1 - pe) ** 2 * n);
  const se0 = Math.sqrt(Math.max(0, var0));
  const test = se0 > 0 ? { se0, z: kappa / se0, p: normalPValue(kappa / se0, alternative), alternative } : null;

  return { value: kappa, n, observedAgreement: po, expectedAgreement: pe, se, ci, test, categories, table };
}

export interface CategoryKappa<T extends Label = Label> {
  category: T;
  /** Share of all ratings that fell in this category (p_j). */
  proportion: number;
  /** Null when nobody or everybody used the category (p_j ∈ {0, 1}). */
  kappa: number | null;
  /** z test of κ_j = 0 (SE √(2 / (N·m·(m−1)))); null with kappa. */
  test: KappaTest | null;
}

export interface FleissKappa<T extends Label = Label> {
  value: number;
  /** Number of items N. */
  items: number;
  /** Ratings per item m. */
  raters: number;
  /** Mean share of agreeing rater pairs per item (P̄). */
  observedAgreement: number;
  /** Σ p_j² (P̄_e). */
  expectedAgreement: number;
  /** Null when the SE under κ = 0 is 0. */
  test: KappaTest | null;
  categories: T[];
  perCategory: CategoryKappa<T>[];
}

export interface FleissKappaOptions<T extends Label> extends KappaOptions {
  /** Category order; default: order of first appearance. Labels outside it throw. */
  categories?: readonly T[];
}

/**
 * Fleiss' κ from the labels each item received: ratings[i] holds the m labels of item i (which rater gave
 * which does not matter). Every item must have the same m ≥ 2.
 */
export function fleissKappa<T extends Label>(
  ratings: readonly (readonly T[])[],
  options: FleissKappaOptions<T> = {},
): FleissKappa<T> | Unavailable {
  const categories = categoryList(options.categories, ratings);
  const index = new Map<T, number>(categories.map((c, i) => [c, i]));
  const counts = ratings.map((labels, item) => {
    const row = new Array<number>(categories.length).fill(0);
    for (const label of labels) {
      const j = index.get(label);
      if (j === undefined) throw new RangeError(`item ${item}: label ${String(label)} is not among the categories`);
      row[j] = (row[j] as number) + 1;
    }
    return row;
  });
  return fleissFromCounts(counts, categories, options);
}

/** Fleiss' κ from counts: counts[i][j] = how many raters put item i in category j (equal row sums m ≥ 2). */
export function fleissKappaFromCounts(
  counts: readonly (readonly number[])[],
  options: KappaOptions = {},
): FleissKappa<number> | Unavailable {
  const width = counts[0]?.length ?? 0;
  for (const row of counts) {
    if (row.length !== width) throw new RangeError('fleissKappaFromCounts: rows differ in length');
    for (const v of row) if (!(Number.isInteger(v) && v >= 0)) throw new RangeError(`invalid count ${v}`);
  }
  return fleissFromCounts(
    counts.map((row) => [...row]),
    Array.from({ length: width }, (_, j) => j),
    options,
  );
}

function fleissFromCounts<T extends Label>(
  counts: number[][],
  categories: T[],
  options: KappaOptions,
): FleissKappa<T> | Unavailable {
  const alternative = options.alternative ?? 'two-sided';
  const N = counts.length;
  if (N === 0) return unavailable('no items');
  const sum = (row: readonly number[]) => row.reduce((s, v) => s + v, 0);
  const m = sum(counts[0] as number[]);
  for (let i = 0; i < N; i++) {
    const mi = sum(counts[i] as number[]);
    if (mi !== m) return unavailable(`item ${i} has ${mi} ratings, item 0 has ${m}: Fleiss' κ needs equal counts`);
  }
  if (m < 2) return unavailable('each item needs at least 2 ratings');
  const q = categories.length;
  const total = N * m;
  const pj = Array.from({ length: q }, (_, j) => counts.reduce((s, row) => s + (row[j] as number), 0) / total);
  let pBar = 0;
  for (const row of counts) pBar += (row.reduce((s, v) => s + v * v, 0) - m) / (m * (m - 1));
  pBar /= N;
  const pe = pj.reduce((s, p) => s + p * p, 0);
  if (pe >= 1 - 1e-15) return unavailable('all ratings fall in one category: chance agreement is 1');
  const kappa = (pBar - pe) / (1 - pe);

  // Fleiss, Nee & Landis (1979): variance under κ = 0.
  const pq = pj.map((p) => p * (1 - p));
  const sumPq = pq.reduce((s, v) => s + v, 0);
  const inner = sumPq * sumPq - pq.reduce((s, v, j) => s + v * (1 - 2 * (pj[j] as number)), 0);
  const se0 = (Math.SQRT2 / (sumPq * Math.sqrt(total * (m - 1)))) * Math.sqrt(Math.max(0, inner));
  const test = se0 > 0 ? { se0, z: kappa / se0, p: normalPValue(kappa / se0, alternative), alternative } : null;

  const seCategory = Math.sqrt(2 / (total * (m - 1)));
  const perCategory = categories.map((category, j): CategoryKappa<T> => {
    const p = pj[j] as number;
    if (p <= 0 || p >= 1) return { category, proportion: p, kappa: null, test: null };
    let disagree = 0;
    for (const row of counts) disagree += (row[j] as number) * (m - (row[j] as number));
    const kj = 1 - disagree / (total * (m - 1) * p * (1 - p));
    const z = kj / seCategory;
    const test = { se0: seCategory, z, p: normalPValue(z, alternative), alternative };
    return { category, proportion: p, kappa: kj, test };
  });

  return {
    value: kappa,
    items: N,
    raters: m,
    observedAgreement: pBar,
    expectedAgreement: pe,
    test,
    categories,
    perCategory,
  };
}

export type MajorityLabel<T extends Label = Label> =
  | { unresolved: false; label: T; votes: number; total: number }
  /** Two or more labels share the top count (or there were no labels): no majority. */
  | { unresolved: true; label: null; tied: T[]; votes: number; total: number };

/** The label most raters gave one item; a tie for the top count is reported as unresolved with the tied labels. */
export function majorityLabel<T extends Label>(labels: readonly T[]): MajorityLabel<T> {
  const counts = new Map<T, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  let votes = 0;
  for (const c of counts.values()) votes = Math.max(votes, c);
  const top = [...counts].filter(([, c]) => c === votes).map(([label]) => label);
  if (top.length === 1) return { unresolved: false, label: top[0] as T, votes, total: labels.length };
  return { unresolved: true, label: null, tied: top, votes, total: labels.length };
}

export interface PercentAgreement {
  /** Mean over items of the share of rater pairs that agree (equals plain agreement for two raters). */
  value: number;
  /** Share of items on which all ratings are equal. */
  unanimous: number;
  /** Items with at least two ratings (the ones counted). */
  items: number;
  /** Items skipped because they had fewer than two ratings. */
  skipped: number;
}

/** Percent agreement over items, each with its own list of ratings (lengths may differ). */
export function percentAgreement<T extends Label>(ratings: readonly (readonly T[])[]): PercentAgreement | Unavailable {
  let pairs = 0;
  let unanimous = 0;
  let items = 0;
  for (const labels of ratings) {
    const m = labels.length;
    if (m < 2) continue;
    const counts = new Map<T, number>();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    let agreeing = 0;
    for (const c of counts.values()) agreeing += c * (c - 1);
    pairs += agreeing / (m * (m - 1));
    if (counts.size === 1) unanimous++;
    items++;
  }
  if (items === 0) return unavailable('no item has two or more ratings');
  return { value: pairs / items, unanimous: unanimous / items, items, skipped: ratings.length - items };
}

function categoryList<T extends Label>(given: readonly T[] | undefined, groups: readonly (readonly T[])[]): T[] {
  if (given) {
    if (new Set(given).size !== given.length) throw new RangeError('categories must be distinct');
    return [...given];
  }
  const seen = new Set<T>();
  for (const group of groups) for (const label of group) seen.add(label);
  return [...seen];
}
