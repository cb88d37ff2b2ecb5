import { describe, expect, it } from 'vitest';
import { createLabelsJudge, readLabels } from '../../../src/core/gcsc/labels.ts';
import { runGcsc } from '../../../src/core/gcsc/pipeline.ts';
import { boundariesFromWords, type Segmenter } from '../../../src/core/segment/segmenter.ts';
import { InputError } from '../../../src/core/types.ts';

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const segmenter: Segmenter = {
  id: 'fixed',
  async segmentBatch(texts) {
    return texts.map((t) => boundariesFromWords(t, t === '我最感谢的人是我一位邻居。' ? ['我', '最', '感谢', '的', '人', '是', '我', '一位', '邻居', '。'] : [...t]));
  },
};
const item = { id: 't1', source: '我最感谢的人是我以位邻居。', references: ['我最感谢的人是我一位邻居。'], prediction: '我最感谢的人是我以为邻居。' };

describe('labels judge', () => {
  it('reads CSV, TSV and JSON Lines with the documented columns', () => {
    const csv = readLabels(file('a.csv', 'id,system,start,end,reference,prediction,label\nt1,gpt,8,10,一位,以为,wrong\n'));
    const tsv = readLabels(file('a.tsv', 'id\tsystem\tstart\tend\treference\tprediction\tlabel\nt1\t*\t8\t10\t一位\t以为\t0\n'));
    const jsonl = readLabels(file('a.jsonl', '{"id":"t1","system":"gpt","start":8,"end":10,"reference":"一位","prediction":"以为","label":"no"}\n'));
    for (const labels of [csv, tsv, jsonl]) expect(labels[0]).toMatchObject({ id: 't1', start: 8, end: 10, correct: false });
    expect(tsv[0]!.system).toBe('');
  });

  it('refuses unresolved labels, bad spans and duplicates, naming the line', () => {
    const bad = 'id,system,start,end,reference,prediction,label\nt1,gpt,8,10,一位,以为,unsure\nt1,gpt,9,8,一位,以为,1\nt2,gpt,0,1,a,b,1\nt2,gpt,0,1,a,b,0\n';
    try {
      readLabels(file('bad.csv', bad));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).issues.map((i) => [i.line, i.problem])).toEqual([
        [2, 'label "unsure" is not 1/0, correct/wrong, true/false or yes/no'],
        [3, 'bad span 9-8'],
        [5, 'duplicate label for this operation: also on line 4'],
      ]);
    }
  });

  it('scores Eval-GCSC(human) from the labels', async () => {
    const labels = readLabels(file('h.csv', 'id,system,start,end,reference,prediction,label\nt1,gpt,8,10,一位,以为,0\n'));
    const run = await runGcsc([{ name: 'gpt', items: [item] }], { segmenter, judge: createLabelsJudge(labels, 'h.csv') });
    // One operation 以位→以为 labelled wrong: C_C_p = 0/1 = 0, C_C_r = 0/1 = 0.
    expect(run.systems[0]!.values).toMatchObject({ C_C_p: 0, C_C_r: 0 });
  });

  it('lists operations without a label, and labels made for other words', async () => {
    const other = readLabels(file('h.csv', 'id,system,start,end,reference,prediction,label\nt1,gpt,8,10,一位,以位,1\n'));
    await expect(runGcsc([{ name: 'gpt', items: [item] }], { segmenter, judge: createLabelsJudge(other, 'h.csv') })).rejects.toThrow(
      /h\.csv:2 \(id t1\): the label is for "一位" → "以位", but the operation 8-10 "一位" → "以为" of system gpt/,
    );
    await expect(runGcsc([{ name: 'llm', items: [item] }], { segmenter, judge: createLabelsJudge(other, 'h.csv') })).rejects.toThrow(/no label for operation 8-10/);
  });
});
