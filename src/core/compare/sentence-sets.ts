/**
 * Which sentences differ between systems. A sentence is clean when its source equals one of its references,
 * an error sentence otherwise. A system corrected an error sentence when its prediction equals a reference; it
 * broke a clean sentence when its prediction equals no reference (a change to another accepted reference is not
 * a break). The oracle picks, per sentence, the best system: an error sentence counts as corrected when any
 * system corrected it, a clean sentence as kept when any system kept it.
 */
import { dict } from '../dict.ts';
import type { ScoredItem } from '../types.ts';

export interface SentenceOutcome {
  error: boolean;
  /** Error sentence: corrected. Clean sentence: not broken. */
  ok: boolean;
}

export function sentenceOutcome(item: ScoredItem): SentenceOutcome {
  const error = !item.references.includes(item.source);
  return { error, ok: item.references.includes(item.prediction) };
}

export interface PairSets {
  a: string;
  b: string;
  /** Error sentences a corrected and b did not ("A ✓ B ✗"). */
  a_only: string[];
  b_only: string[];
  /** Error sentences both corrected. */
  both_corrected: number;
  /** Clean sentences both broke. */
  both_broke: string[];
}

export interface OracleSummary {
  error_sentences: number;
  clean_sentences: number;
  /** Per system: error sentences corrected, clean sentences broken. */
  systems: Record<string, { corrected: number; broke: number }>;
  /** Error sentences at least one system corrected. */
  corrected: number;
  /** Clean sentences every system broke. */
  broke: number;
  /** Oracle corrected minus the best single system's corrected: how much the systems complement each other. */
  gain_over_best: number;
}

export interface SentenceSets {
  pairs: PairSets[];
  oracle: OracleSummary;
}

export interface SystemItems {
  name: string;
  items: readonly ScoredItem[];
}

function checkAligned(systems: readonly SystemItems[]): void {
  const first = systems[0];
  if (!first) return;
  for (const s of systems) {
    if (s.items.length !== first.items.length) throw new RangeError(`sentence sets: ${s.name} has ${s.items.length} items, ${first.name} ${first.items.length}`);
    s.items.forEach((it, i) => {
      if (it.id !== first.items[i]!.id) throw new RangeError(`sentence sets: item ${i} is ${it.id} in ${s.name} but ${first.items[i]!.id} in ${first.name}`);
    });
  }
}

export function sentenceSets(systems: readonly SystemItems[]): SentenceSets {
  checkAligned(systems);
  const outcomes = systems.map((s) => s.items.map(sentenceOutcome));
  const pairs: PairSets[] = [];
  systems.forEach((sa, i) =>
    systems.slice(i + 1).forEach((sb, dj) => {
      const oa = outcomes[i]!;
      const ob = outcomes[i + 1 + dj]!;
      const set: PairSets = { a: sa.name, b: sb.name, a_only: [], b_only: [], both_corrected: 0, both_broke: [] };
      sa.items.forEach((item, k) => {
        const x = oa[k]!;
        const y = ob[k]!;
        if (x.error) {
          if (x.ok && !y.ok) set.a_only.push(item.id);
          else if (!x.ok && y.ok) set.b_only.push(item.id);
          else if (x.ok && y.ok) set.both_corrected++;
        } else if (!x.ok && !y.ok) set.both_broke.push(item.id);
      });
      pairs.push(set);
    }),
  );
  const n = systems[0]?.items.length ?? 0;
  const errorAt = (k: number) => outcomes[0]![k]!.error;
  let errors = 0;
  let corrected = 0;
  let broke = 0;
  for (let k = 0; k < n; k++) {
    const any = outcomes.some((o) => o[k]!.ok);
    if (errorAt(k)) {
      errors++;
      if (any) corrected++;
    } else if (!any) broke++;
  }
  const perSystem: OracleSummary['systems'] = dict();
  systems.forEach((s, i) => {
    const o = outcomes[i]!;
    perSystem[s.name] = { corrected: o.filter((x) => x.error && x.ok).length, broke: o.filter((x) => !x.error && !x.ok).length };
  });
  const best = Math.max(0, ...Object.values(perSystem).map((s) => s.corrected));
  return {
    pairs,
    oracle: { error_sentences: errors, clean_sentences: n - errors, systems: perSystem, corrected, broke, gain_over_best: corrected - best },
  };
}
