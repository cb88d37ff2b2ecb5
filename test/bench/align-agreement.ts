/**
 * How often our char aligner's edits equal ChERRANT's, per shared M2 file, with the differing cases
 * by kind: npx tsx test/bench/align-agreement.ts  (also used by test/conformance/align.test.ts)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { measureAgreement, type Agreement } from '../../src/core/align/agreement.ts';
import { parallelToM2, parseM2 } from '../../src/core/align/m2.ts';
import { sharedDataDir } from '../conformance/shared-data.ts';
import { loadCoreData } from '../../src/core/core-data.ts';

// The aligner is called directly here, as the page does after loading its tables.
await loadCoreData();

export interface AgreementFile {
  /** M2 file under cherrant/. */
  m2: string;
  /** Raw targets per block, from what ChERRANT read; undefined: use the M2's own T lines. */
  targets?: () => string[][];
}

function lines(file: string): string[] {
  return readFileSync(path.join(sharedDataDir(), file), 'utf8').replace(/\n+$/, '').split('\n');
}

/** ChERRANT's parallel format: id, source, target... */
function paraTargets(file: string): string[][] {
  return lines(file).map((l) => l.split('\t').slice(2));
}

/** The SIGHAN15 TSVs: header `id source reference`, predictions `id prediction`. */
function sighanTargets(which: 'reference' | 'prediction'): string[][] {
  const rows = lines('sighan15/test.tsv').slice(1).map((l) => l.split('\t'));
  if (which === 'reference') return rows.map((r) => [r[2]!]);
  const pred = new Map(lines('sighan15/pred/synth-llm.tsv').slice(1).map((l) => l.split('\t') as [string, string]));
  return rows.map((r) => [pred.get(r[0]!)!]);
}

export const AGREEMENT_FILES: AgreementFile[] = [
  { m2: 'MuCGEC_dev.m2.char', targets: () => paraTargets('cherrant/MuCGEC_dev.txt') },
  { m2: 'example_pred_dev.m2.char', targets: () => paraTargets('cherrant/example_pred_dev.txt') },
  { m2: 'demo.hyp.m2.char', targets: () => paraTargets('cherrant/demo.hyp.para') },
  { m2: 'demo.ref.m2.char' },
  { m2: 'sighan15-synth-llm.gold.m2.char', targets: () => sighanTargets('reference') },
  { m2: 'sighan15-synth-llm.hyp.m2.char', targets: () => sighanTargets('prediction') },
];

export function agreementFor(file: AgreementFile): Agreement {
  const blocks = parseM2(readFileSync(path.join(sharedDataDir(), 'cherrant', file.m2), 'utf8'));
  return measureAgreement(blocks, file.targets?.());
}

/** Blocks that parallelToM2 writes exactly as ChERRANT did (T lines and alternatives included). */
export function identicalBlocks(file: AgreementFile): { same: number; total: number } | null {
  if (!file.targets) return null;
  const text = readFileSync(path.join(sharedDataDir(), 'cherrant', file.m2), 'utf8');
  const theirs = text.trim().split('\n\n');
  const sources = parseM2(text).map((b) => b.source);
  const targets = file.targets();
  const same = theirs.filter((block, i) => parallelToM2(sources[i]!, targets[i]!) === block).length;
  return { same, total: theirs.length };
}

export const share = (a: Agreement, n: number): number => n / a.units;
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

export function describeAgreement(name: string, a: Agreement): string {
  const out = [
    `${name}: ${a.units} sentence-annotator pairs (${a.unchanged} unchanged; ${a.unannotatable} 无法标注 left out)`,
    `  equal edit sets (start, end, replacement): ${a.equal} = ${pct(share(a, a.equal))}` +
      `; with type: ${pct(share(a, a.equalTyped))}` +
      `; equal to any ChERRANT alternative: ${pct(share(a, a.equalAnyAlternative))}` +
      `; changed pairs only: ${pct((a.equal - a.unchanged) / (a.units - a.unchanged))}`,
  ];
  for (const [kind, { count, example }] of [...a.differences].sort((x, y) => y[1].count - x[1].count)) {
    out.push(`  ${count} × ${kind}`);
    out.push(`      e.g. ${example.source}`);
    out.push(`        → ${example.target}`);
    out.push(`      ours only:     ${example.ours}`);
    out.push(`      ChERRANT only: ${example.theirs}`);
  }
  return out.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  for (const file of AGREEMENT_FILES) {
    const t0 = performance.now();
    const a = agreementFor(file);
    const blocks = identicalBlocks(file);
    const whole = blocks ? `\n  whole M2 blocks written identically by parallelToM2: ${blocks.same}/${blocks.total} = ${pct(blocks.same / blocks.total)}` : '';
    console.log(`${describeAgreement(file.m2, a)}${whole}\n  (${(performance.now() - t0).toFixed(0)} ms)\n`);
  }
}
