/**
 * The large tables (pinyin readings, glyph table, OpenCC t2s) load on demand. The setup file loaded them into the
 * shared module instances; each test here imports fresh instances (vi.resetModules), where nothing is loaded, so
 * a profile that reads a table it does not declare in `needs` fails with the "not loaded" error.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatasetInfo, SystemInput } from '../../src/core/report.ts';
import type { Segmenter } from '../../src/core/segment/segmenter.ts';

// Traditional characters (t2s), homophones and look-alikes (readings, glyphs), punctuation, one unequal length.
const ROWS = [
  { id: 'r1', source: '請盡塊回復。', references: ['请尽快回复。'], prediction: '请尽快回复。' },
  { id: 'r2', source: '资料已近发出。', references: ['资料已经发出。'], prediction: '资料已经寄出了。' },
  { id: 'r3', source: '他门未了，', references: ['他们来了，'], prediction: '他们末了，' },
];
const SYSTEMS: SystemInput[] = [{ name: 'sys', items: ROWS }];
const DATASET: DatasetInfo = { file: 'fixture.tsv', format: 'tsv', encoding: 'utf-8', rows: ROWS.length, fingerprint: '0'.repeat(64) };

async function freshCore() {
  const { evaluate } = await import('../../src/core/evaluate.ts');
  const { PROFILES } = await import('../../src/core/metrics/registry.ts');
  const { exactJudge } = await import('../../src/core/gcsc/judge.ts');
  const { boundariesFromWords } = await import('../../src/core/segment/segmenter.ts');
  const segmenter: Segmenter = { id: 'chars', segmentBatch: async (texts) => texts.map((t) => boundariesFromWords(t, [...t])) };
  return { evaluate, names: PROFILES.map((p) => p.name), judge: { spec: { kind: 'exact' as const }, judge: exactJudge }, segmenter };
}

beforeEach(() => {
  vi.resetModules();
});

describe('tables load on demand', () => {
  it('a fresh aligner refuses to guess readings before they are loaded', async () => {
    const { readings } = await import('../../src/core/align/pinyin.ts');
    expect(readings('，')).toEqual([]);
    expect(() => readings('尽')).toThrow(/not loaded.*readings/);
    const { toSimplified } = await import('../../src/core/opencc/t2s.ts');
    expect(() => toSimplified('請', 'opencc-1.1.2')).toThrow(/not loaded.*t2s:opencc-1.1.2/);
    const { glyphSimilar } = await import('../../src/core/errortype/glyphs.ts');
    expect(() => glyphSimilar('未', '末')).toThrow(/not loaded.*glyphs/);
  });

  const names = ['cscd', 'realise', 'scope', 'lemon', 'sighan', 'levenshtein', 'conventional', 'official', 'wang', 'proofread', 'cllm', 'cllm-difflib', 'cherrant', 'gcsc', 'ops'];
  it.each(names)('evaluate() loads what %s reads, on fresh modules', async (name) => {
    const core = await freshCore();
    expect(core.names.concat('gcsc', 'ops')).toContain(name);
    const run = await core.evaluate(DATASET, SYSTEMS, { profiles: [name], judge: core.judge, segmenter: core.segmenter });
    expect(run.profiles).toEqual([name]);
  });

  it('evaluate() loads what --to-simplified and by_type read, on fresh modules', async () => {
    const core = await freshCore();
    const { NO_NORMALIZATION } = await import('../../src/core/normalize/index.ts');
    const run = await core.evaluate(DATASET, SYSTEMS, { profiles: ['cscd'], byType: true, normalization: { ...NO_NORMALIZATION, toSimplified: true } });
    expect(run.systems[0]!.sentences[0]!.source).toBe('请尽块回复。');
  });
});
