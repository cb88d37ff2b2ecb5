/**
 * One very long row (issue 10, "Long rows"): a constructed 700,000-character source, a reference with a few
 * corrections and a prediction with some of them plus mistakes, through every alignment the profiles use:
 * unit-cost edits (levenshtein), ChERRANT's parallel_to_m2 (cherrant), merged edits (cllm, ops) and Eval-GCSC
 * operation extraction with the exact judge. Prints times; run under `/usr/bin/time -v` for the peak memory:
 *   /usr/bin/time -v node --import tsx test/bench/long-row.ts [characters] [unrelated]
 * With `unrelated` the prediction is an unrelated text of the same length, which must be refused by name.
 */
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { extractEdits, parallelToM2 } from '../../src/core/align/index.ts';
import { AlignmentTooLongError } from '../../src/core/align/limits.ts';
import { unitCostEdits } from '../../src/core/align/unit-cost.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { runGcsc } from '../../src/core/gcsc/pipeline.ts';
import { chars } from '../../src/core/text.ts';
import { loadCoreData } from '../../src/core/core-data.ts';
import { longRow, longText } from './long-row-fixture.ts';

await loadCoreData(); // the aligners and the fixture read pinyin and t2s

function step(name: string, fn: () => unknown): void {
  const t0 = performance.now();
  try {
    const out = fn();
    console.log(`${name}: ${(performance.now() - t0).toFixed(0)} ms${out === undefined ? '' : ` (${String(out)})`}`);
  } catch (e) {
    if (!(e instanceof AlignmentTooLongError)) throw e;
    console.log(`${name}: refused after ${(performance.now() - t0).toFixed(0)} ms: ${e.message}`);
  }
}

const length = Number(process.argv[2] ?? 700_000);
const row = longRow(length);
if (process.argv[3] === 'unrelated') row.prediction = longText(length, 99).join('');
const src = chars(row.source);
console.log(`${length} characters; rss before aligning ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
step('levenshtein: unit-cost edits source→reference', () => unitCostEdits(src, chars(row.reference)).length + ' edits');
step('levenshtein: unit-cost edits source→prediction', () => unitCostEdits(src, chars(row.prediction)).length + ' edits');
step('cherrant: parallel_to_m2 source→reference', () => parallelToM2(row.source, [row.reference]).split('\n').length + ' M2 lines');
step('cherrant: parallel_to_m2 source→prediction', () => parallelToM2(row.source, [row.prediction]).split('\n').length + ' M2 lines');
step('cllm/ops: merged edits source→prediction', () => extractEdits(row.source, row.prediction).length + ' edits');
const segmenter = createNodeJiebaSegmenter();
const t0 = performance.now();
try {
  const run = await runGcsc([{ name: 'sys', items: [{ id: 'long-1', source: row.source, references: [row.reference], prediction: row.prediction }] }], {
    segmenter,
    judge: exactJudge,
  });
  console.log(`gcsc (exact judge) segmentation + extraction + judging: ${(performance.now() - t0).toFixed(0)} ms (${run.stats.operations} operations)`);
} catch (e) {
  if (!(e instanceof AlignmentTooLongError)) throw e;
  console.log(`gcsc: refused after ${(performance.now() - t0).toFixed(0)} ms: ${e.message}`);
}
console.log(`rss at the end ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
