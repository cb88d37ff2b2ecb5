/** The compare report as Markdown: one table per pair, and the sentence sets. */
import { atPFloor, type Comparison } from './pairwise.ts';
import type { SentenceSets } from './sentence-sets.ts';
import { visible } from '../visible.ts';

const fmt = (x: number | null, digits = 4) => (x === null ? '—' : String(Number(x.toFixed(digits))));
/** A p; one at its resamples' floor is a bound, rounded up ("≤ 0.017"), never printed as if measured. */
export function formatPValue(p: number | null, bound = false): string {
  if (p === null) return '—';
  if (bound) return `≤ ${(Math.ceil(p * 1000 - 1e-9) / 1000).toFixed(3)}`;
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/** The bootstrap p sits at its floor when no resample was as extreme: (0 + 1) / (B + 1). */
export function bootstrapAtFloor(c: Pick<Comparison, 'p_bootstrap' | 'resamples'>): boolean {
  return c.p_bootstrap !== null && c.p_bootstrap <= (1 / (c.resamples + 1)) * (1 + 1e-12);
}

export function compareToMarkdown(comparisons: readonly Comparison[], sets: SentenceSets | null, confidence: number, alpha = 0.05): string {
  const lines: string[] = [];
  const pairs = [...new Set(comparisons.map((c) => `${c.a}\u0000${c.b}`))];
  for (const pair of pairs) {
    const [rawA, rawB] = pair.split('\u0000') as [string, string];
    const first = comparisons.find((c) => c.a === rawA && c.b === rawB)!;
    const [a, b] = [visible(rawA), visible(rawB)];
    lines.push(`## ${a} vs ${b}`, '', `${first.resamples} resamples, seed ${first.seed}; * = Holm-adjusted randomization p < ${alpha}`, '');
    lines.push(`| profile | key | ${a} | ${b} | delta | ${Math.round(confidence * 100)}% CI | p (bootstrap) | p (randomization) | p (Holm) |`);
    lines.push('|---|---|---:|---:|---:|---|---:|---:|---:|');
    for (const c of comparisons.filter((x) => x.a === first.a && x.b === first.b)) {
      const ci = c.ci === null ? '—' : `[${fmt(c.ci[0])}, ${fmt(c.ci[1])}]`;
      const star = c.p_holm !== null && c.p_holm < alpha ? ' *' : '';
      lines.push(`| ${c.profile} | ${c.key} | ${fmt(c.a_value)} | ${fmt(c.b_value)} | ${fmt(c.delta)} | ${ci} | ${formatPValue(c.p_bootstrap, bootstrapAtFloor(c))} | ${formatPValue(c.p_randomization, atPFloor(c))} | ${formatPValue(c.p_holm, atPFloor(c))}${star} |`);
    }
    lines.push('');
  }
  if (sets) {
    lines.push('## Sentences', '', '| a | b | a ✓ b ✗ | b ✓ a ✗ | both ✓ | both broke a clean sentence |', '|---|---|---:|---:|---:|---:|');
    for (const p of sets.pairs) lines.push(`| ${visible(p.a)} | ${visible(p.b)} | ${p.a_only.length} | ${p.b_only.length} | ${p.both_corrected} | ${p.both_broke.length} |`);
    const o = sets.oracle;
    lines.push('', `Oracle (best system per sentence): ${o.corrected} of ${o.error_sentences} error sentences corrected (${o.gain_over_best} more than the best single system); ${o.broke} of ${o.clean_sentences} clean sentences broken by every system.`, '');
  }
  return lines.join('\n');
}
