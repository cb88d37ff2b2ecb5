import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.ts';
import { exactJudge, type Judge } from '../../src/core/gcsc/judge.ts';
import type { ResolvedJudge } from '../../src/core/judge-spec.ts';
import { pendingJudge } from '../../src/core/pending-judge.ts';
import type { DatasetInfo, SystemInput } from '../../src/core/report.ts';
import { boundariesFromWords, type Segmenter } from '../../src/core/segment/segmenter.ts';

const DATASET: DatasetInfo = { file: 'fixture.tsv', format: 'tsv', encoding: 'utf-8', rows: 2, fingerprint: '0'.repeat(64) };
const SYSTEMS: SystemInput[] = [
  {
    name: 'llm',
    items: [
      { id: 'e1', source: '请尽块回复。', references: ['请尽快回复。'], prediction: '请尽快回复。' },
      { id: 'e2', source: '资料已近发出。', references: ['资料已经发出。'], prediction: '资料已经寄出了。' },
    ],
  },
];

/** A model-like judge (text only) that calls every operation correct, with an id of its own. */
const lenient: Judge = { id: 'lenient', textOnly: true, judge: async (requests) => requests.map(() => ({ correct: true, score: 1 })) };
const model = { kind: 'model', model: 'test' } as const;

function recordingSegmenter(events: string[]): Segmenter {
  return {
    id: 'chars',
    async segmentBatch(texts) {
      events.push('segmented');
      return texts.map((t) => boundariesFromWords(t, [...t]));
    },
  };
}

describe('pendingJudge', () => {
  it('lets evaluate segment and extract while the model loads, then judges with it', async () => {
    const events: string[] = [];
    let finish!: (judge: ResolvedJudge) => void;
    const loading = new Promise<ResolvedJudge>((resolve) => (finish = resolve));
    const judge = pendingJudge(model, loading, () => events.push('waiting for the model'));
    const run = evaluate(DATASET, SYSTEMS, { profiles: ['gcsc'], judge, segmenter: recordingSegmenter(events) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The text work did not wait for the model; judging did, and said so.
    expect(events).toEqual(['segmented', 'waiting for the model']);
    events.push('loaded');
    finish({ spec: model, judge: lenient, threshold: 0.5, thresholdFrom: 'user', info: { model: 'test' } });
    const result = await run;
    expect(result.report.gcsc).toMatchObject({ judge: 'lenient', threshold: 0.5 });
    // 寄出了 is not the reference: only the lenient model, not the exact judge, calls it correct.
    const exact = await evaluate(DATASET, SYSTEMS, { profiles: ['gcsc'], judge: { spec: { kind: 'exact' }, judge: exactJudge }, segmenter: recordingSegmenter([]) });
    expect(result.report.systems['llm']!['gcsc']).not.toEqual(exact.report.systems['llm']!['gcsc']);
  });

  it("fails the run with the loader's error, and with a judge that reads more than its kind said", async () => {
    const failing = pendingJudge(model, Promise.reject(new Error('model folder x: bad hash')));
    await expect(evaluate(DATASET, SYSTEMS, { profiles: ['gcsc'], judge: failing, segmenter: recordingSegmenter([]) })).rejects.toThrow('model folder x: bad hash');
    const pairwise: Judge = { ...lenient, textOnly: false };
    const wrong = pendingJudge(model, Promise.resolve({ spec: model, judge: pairwise }));
    await expect(evaluate(DATASET, SYSTEMS, { profiles: ['gcsc'], judge: wrong, segmenter: recordingSegmenter([]) })).rejects.toThrow(/textOnly is false/);
  });

  it('refuses to be read before its model has loaded', () => {
    const judge = pendingJudge(model, new Promise<ResolvedJudge>(() => undefined));
    expect(() => judge.judge.id).toThrow(/before its model had loaded/);
    expect(() => judge.threshold).toThrow(/before its model had loaded/);
  });
});
