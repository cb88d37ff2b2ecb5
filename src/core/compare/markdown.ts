/** The compare report as Markdown: one table per pair, and the sentence sets. */
import type { Comparison } from './pairwise.ts';
import type { SentenceSets } from './sentence-sets.ts';
import { visible } from '../visible.ts';

const fmt = (x: number | null, digits = 4) => (x === null ? '—' : String(Number(x.toFixed(digits))));
const fmtP = (p: number | null) => (p === null ? '—' : p < 0.001 ? p.toExponential(1) : p.toFixed(3));

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
      lines.push(`| ${c.profile} | ${c.key} | ${fmt(c.a_value)} | ${fmt(c.b_value)} | ${fmt(c.delta)} | ${ci} | ${fmtP(c.p_bootstrap)} | ${fmtP(c.p_randomization)} | ${fmtP(c.p_holm)}${star} |`);
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
