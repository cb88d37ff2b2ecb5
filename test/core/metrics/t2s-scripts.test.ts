/**
 * Each script's numbers on constructed rows that hit lines where the t2s versions differ, and the conversion each
 * use records in the report. Expected values: printed by the scripts, run unmodified here on Debian's python3
 * (pypinyin read from our readings table, as the bench does):
 * - ChERRANT parallel_to_m2.py -g char (gold and each system) + compare_m2_for_evaluation.py -cs/-ds/-dt, with
 *   `opencc` = OpenCC 1.1.2 built from its tag (test/core/opencc/reference/build-opencc.sh);
 * - C-LLM calcuate_metric.py, ChERRANT mode (write_op, calculate_cherrant_metric) on that hypothesis M2;
 * - simple-csc eval/evaluate.py --to_simplified (levenshtein) with opencc-python-reimplemented at 0.1.7, and
 *   again with OpenCC 1.1.2 in its place.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.ts';
import { NO_NORMALIZATION } from '../../../src/core/normalize/index.ts';
import type { DatasetInfo, SystemInput } from '../../../src/core/report.ts';

const dataset = (rows: number): DatasetInfo => ({ file: 't.tsv', format: 'tsv', encoding: 'utf-8', rows, fingerprint: '0'.repeat(64) });

// 沈思 (a name): no 1.1.2 line, today "沈思 沉思"; 覆上: 1.1.2 "覆上 复上", today "覆上 覆上"; 乾紅: 1.1.2 "乾紅 乾红",
// today "乾紅 干红". r3 is a plain control.
const ROWS = [
  { id: 'r1', source: '沈思同学很高心。', references: ['沈思同学很高兴。'] },
  { id: 'r2', source: '他把被子覆上了。', references: ['他把被子覆上了。'] },
  { id: 'r3', source: '我们明天去公圆玩。', references: ['我们明天去公园玩。'] },
  { id: 'r4', source: '这瓶干红很好喝。', references: ['这瓶干红很好喝。'] },
];
const PREDICTIONS: Record<string, string[]> = {
  oracle: ROWS.map((r) => r.references[0]!),
  identity: ROWS.map((r) => r.source),
  trad: ['沈思同學很高興。', '他把被子覆上了。', '我們明天去公園玩。', '這瓶乾紅很好喝。'],
};
const SYSTEMS: SystemInput[] = Object.entries(PREDICTIONS).map(([name, p]) => ({ name, items: ROWS.map((r, i) => ({ ...r, prediction: p[i]! })) }));

const modes = (TP: number, FP: number, FN: number, P: number, R: number, F: number) => {
  const one = { TP, FP, FN, P, R, 'F0.5': F };
  return { cs: one, ds: one, dt: one };
};
const cscdAll = (p: number, r: number, f1: number) =>
  Object.fromEntries(['S_D', 'S_C', 'C_D', 'C_C'].flatMap((k) => [[`${k}_p`, p], [`${k}_r`, r], [`${k}_f1`, f1]]));

describe('cherrant and cllm convert with OpenCC 1.1.2, as ChERRANT pins', () => {
  it('print what ChERRANT and C-LLM print with OpenCC 1.1.2', async () => {
    const run = await evaluate(dataset(4), SYSTEMS, { profiles: ['cherrant', 'cllm'] });
    const s = run.report.systems;
    expect(s.oracle!.cherrant).toEqual(modes(3, 0, 0, 1, 1, 1));
    expect(s.identity!.cherrant).toEqual(modes(1, 0, 2, 1, 0.3333, 0.7143));
    // 覆上 → 复上 in r2 and 乾紅 → 乾红 in r4: the second is no reference edit.
    expect(s.trad!.cherrant).toEqual(modes(3, 1, 0, 0.75, 1, 0.7895));
    expect(s.oracle!.cllm).toEqual(cscdAll(66.667, 100, 80));
    expect(s.identity!.cllm).toEqual(cscdAll(0, 0, 0));
    expect(s.trad!.cllm).toEqual(cscdAll(50, 100, 66.667));
    expect(run.report.dataset.t2s).toEqual({ cherrant: 'opencc-1.1.2', cllm: 'opencc-1.1.2' });
    expect(run.report.profiles).toEqual({ cherrant: '1.1.0', cllm: '1.1.0' });
  });

  it('with t2s opencc-current, convert as today (worked by hand) and record it', async () => {
    // trad, today: r1 → 沉思同学很高兴。 (edits 沉, 兴, as the reference's), r2 stays 覆上 and r4 becomes the source:
    // hypothesis edits 沉, 兴, 园 against reference edits 沉, 兴, 园.
    const run = await evaluate(dataset(4), SYSTEMS, { profiles: ['cherrant', 'cllm'], t2s: 'opencc-current' });
    expect(run.report.systems.trad!.cherrant).toEqual(modes(3, 0, 0, 1, 1, 1));
    expect(run.report.dataset.t2s).toEqual({ cherrant: 'opencc-current', cllm: 'opencc-current' });
  });
});

describe('--to-simplified converts as opencc-python-reimplemented 0.1.7, as simple-csc pins', () => {
  // s1: 0.1.7 takes 麼些族 (the longest phrase anywhere) and leaves 么, so the source keeps an error the
  // prediction fixes; OpenCC takes 么麼 → 幺麽 from the left and the source equals the reference.
  // s4: 垻 → 坝 only in 0.1.7's TSCharacters (OpenCC 1.1.6's).
  const rows = [
    ['s1', '么麼些族的人。', '幺麼些族的人。', '幺麼些族的人。'],
    ['s2', '他在沈思。', '他在沈思。', '他在沉思。'],
    ['s3', '這個軟體很好用。', '这个软件很好用。', '这个软体很好用。'],
    ['s4', '垻上有人。', '坝上有人。', '垻上有人。'],
  ] as const;
  const systems: SystemInput[] = [{ name: 's', items: rows.map(([id, source, reference, prediction]) => ({ id, source, references: [reference], prediction })) }];
  const normalization = { ...NO_NORMALIZATION, toSimplified: true };
  const keys = ['sentence detection', 'sentence correction', 'char detection', 'char correction'];
  const all = (v: number, fpr: number) => ({ ...Object.fromEntries(keys.flatMap((k) => [[`${k} p`, v], [`${k} r`, v], [`${k} f1`, v]])), 'sentence fpr': fpr });

  it('prints what evaluate.py prints with that package, and records it', async () => {
    const run = await evaluate(dataset(4), systems, { profiles: ['levenshtein', 'cherrant'], normalization });
    expect(run.report.systems.s!.levenshtein).toEqual(all(50, 50));
    expect(run.report.dataset.t2s).toEqual({ 'to-simplified': 'opencc-python-reimplemented-0.1.7', cherrant: 'opencc-1.1.2' });
  });

  it('with t2s opencc-1.1.2, prints what evaluate.py prints with OpenCC 1.1.2 in its place', async () => {
    const run = await evaluate(dataset(4), systems, { profiles: ['levenshtein'], normalization, t2s: 'opencc-1.1.2' });
    expect(run.report.systems.s!.levenshtein).toEqual(all(0, 50));
    expect(run.report.dataset.t2s).toEqual({ 'to-simplified': 'opencc-1.1.2' });
  });

  it('records nothing when nothing converts', async () => {
    const run = await evaluate(dataset(4), systems, { profiles: ['levenshtein'] });
    expect(run.report.dataset.t2s).toBeUndefined();
  });
});
