import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import {
  scoreSighanLabels,
  sighanEdits,
  sighanOutcome,
  sighanProfile,
  type SighanEdits,
  type SighanSentence,
} from '../../src/core/metrics/sighan.ts';
import { loadPairs, sharedDataDir } from './shared-data.ts';

/** Minimal reader for SIGHAN label lines (`id, pos, char, …` or `id, 0`), for these tests only. */
function readLabels(file: string): Map<string, SighanEdits> {
  const out = new Map<string, SighanEdits>();
  for (const line of readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [id, ...rest] = line.split(',').map((f) => f.trim());
    const edits: [number, string][] = [];
    if (!(rest.length === 1 && rest[0] === '0')) {
      for (let i = 0; i < rest.length; i += 2) edits.push([Number(rest[i]), rest[i + 1]!]);
    }
    out.set(id!, edits);
  }
  return out;
}

const toyDir = () => path.join(sharedDataDir(), 'sighan15-toy');

describe('sighan: official toy example', () => {
  const truth = readLabels(path.join(toyDir(), 'SIGHAN15_Toy_Truth.txt'));
  const result = readLabels(path.join(toyDir(), 'SIGHAN15_Toy_Result.txt'));
  const evaluation = readFileSync(path.join(toyDir(), 'SIGHAN15_Toy_Evaluation.txt'), 'utf8');
  const sentences: SighanSentence[] = [...truth].map(([id, gold]) => ({ id, gold, predicted: result.get(id)! }));

  it('reproduces Part 1 (overall performance): every value and count', () => {
    const [, det, cor] = evaluation.split('Part 2')[0]!.split(/Detection Level|Correction Level/);
    const expected: Record<string, unknown> = {};
    const fpr = /False Positive Rate = ([\d.]+) \((\d+)\/(\d+)\)/.exec(evaluation)!;
    expected.FPR = Number(fpr[1]);
    expected.FPR_counts = [Number(fpr[2]), Number(fpr[3])];
    for (const [prefix, block] of [['D', det!], ['C', cor!]] as const) {
      for (const [name, key] of [['Accuracy', 'acc'], ['Precision', 'p'], ['Recall', 'r']]) {
        const m = new RegExp(`${name} = ([\\d.]+) \\((\\d+)/(\\d+)\\)`).exec(block)!;
        expected[`${prefix}_${key}`] = Number(m[1]);
        expected[`${prefix}_${key}_counts`] = [Number(m[2]), Number(m[3])];
      }
      expected[`${prefix}_f1`] = Number(/F1-Score = ([\d.]+)/.exec(block)![1]);
    }
    expect(Object.keys(expected)).toHaveLength(16);
    const ours = scoreSighanLabels(sentences);
    expect(ours.values).toStrictEqual(expected);
    expect(ours.warnings).toEqual([]);
  });

  it('reproduces Part 2 (details): which sentences are TP/FP/TN/FN at each level', () => {
    const part2 = evaluation.split('Part 2')[1]!;
    const [, det, cor] = part2.split(/Detection Level|Correction Level/);
    for (const [level, block] of [['detection', det!], ['correction', cor!]] as const) {
      for (const outcome of ['TP', 'FP', 'TN', 'FN'] as const) {
        const line = new RegExp(`#${outcome}:\\s*\\n\\s*(.*)`).exec(block)![1]!;
        const listed = [...line.matchAll(/\(([^,)]+),/g)].map((m) => m[1]).sort();
        const ours = sentences.filter((s) => sighanOutcome(s.gold, s.predicted)[level] === outcome).map((s) => s.id).sort();
        expect(ours, `${level} ${outcome}`).toEqual(listed);
      }
    }
  });
});

describe('sighan: conformance with the expected numbers', () => {
  const pairs = loadPairs();

  const withSighan = pairs.filter((p) => p.expected.sighan !== undefined && !('error' in (p.expected.sighan as object)));
  it('has pairs to check', () => {
    expect(withSighan.map((p) => `${p.dataset}/${p.system}`)).toEqual([
      'sighan15/identity',
      'sighan15/oracle',
      'sighan15-realise/realise',
    ]);
  });

  for (const pair of withSighan) {
    it(`${pair.dataset}/${pair.system}: every key equal`, () => {
      expect(sighanProfile.compute(pair.items).values).toStrictEqual(pair.expected.sighan);
    });
  }

  it('sighan15/synth-eq: the jar failed; 84 rows predict an ASCII comma, which the label format cannot carry', () => {
    const pair = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'synth-eq')!;
    expect(pair.expected.sighan).toEqual({ error: 'failed' });
    const commaRows = pair.items.filter((it) => sighanEdits(it.source, it.prediction).some(([, c]) => c === ','));
    expect(commaRows).toHaveLength(84);
    const result = sighanProfile.compute(pair.items);
    expect(result.warnings.some((w) => w.message.includes('84 row(s)') && w.message.includes("','"))).toBe(true);
    expect(typeof result.values.D_f1).toBe('number');
  });

  it('sighan15/synth-llm: unequal-length predictions are refused, listing the rows', () => {
    const pair = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'synth-llm')!;
    expect(pair.expected.sighan).toBeUndefined();
    expect(() => sighanProfile.compute(pair.items)).toThrow(ProfileError);
    expect(() => sighanProfile.compute(pair.items)).toThrow(/330 rows/);
  });
});
