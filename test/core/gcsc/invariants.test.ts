import { describe, expect, it } from 'vitest';
import { sentenceOperations } from '../../../src/core/gcsc/sentence.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { runGcsc } from '../../../src/core/gcsc/pipeline.ts';
import type { Segmenter } from '../../../src/core/segment/segmenter.ts';
import { mulberry32 } from '../../fixtures/rng.ts';

const ALPHABET = [...'我们学习中文今天很好的人是，。'];

function randomCase(random: () => number) {
  const pick = () => ALPHABET[Math.floor(random() * ALPHABET.length)]!;
  const reference = Array.from({ length: 3 + Math.floor(random() * 10) }, pick);
  // Source: the reference with typos (substitutions; sometimes a dropped or extra character).
  const source: string[] = [];
  for (const ch of reference) {
    const r = random();
    if (r < 0.15) source.push(pick());
    else if (r < 0.2) continue;
    else if (r < 0.25) source.push(ch, pick());
    else source.push(ch);
  }
  if (source.length === 0) source.push(pick());
  // Prediction: the source with fixes towards the reference where lengths agree, and random edits.
  const prediction = source.map((ch, i) => (reference.length === source.length && random() < 0.5 ? reference[i]! : ch));
  for (let k = 0; k < 2; k++) {
    const r = random();
    const at = Math.floor(random() * (prediction.length + 1));
    if (r < 0.2) prediction.splice(at, 0, pick());
    else if (r < 0.35 && prediction.length > 1) prediction.splice(Math.min(at, prediction.length - 1), 1);
    else if (r < 0.5 && at < prediction.length) prediction[at] = pick();
  }
  // Random reference segmentation.
  const boundaries = [0];
  for (let i = 1; i < reference.length; i++) if (random() < 0.5) boundaries.push(i);
  boundaries.push(reference.length);
  return { source: source.join(''), reference: reference.join(''), prediction: prediction.join(''), boundaries };
}

describe('Eval-GCSC invariants on 3000 generated sentences', () => {
  const random = mulberry32(20231001);
  const cases = Array.from({ length: 3000 }, () => randomCase(random));

  it('operations partition the change: splicing every operation’s prediction into the source gives the prediction', () => {
    for (const c of cases) {
      const { operations } = sentenceOperations(c.source, c.reference, c.prediction, c.boundaries);
      const src = [...c.source];
      let out = '';
      let at = 0;
      for (const op of operations) {
        expect(op.source.start).toBeGreaterThanOrEqual(at);
        out += src.slice(at, op.source.start).join('') + op.prediction.text;
        at = op.source.end;
      }
      expect(out + src.slice(at).join('')).toBe(c.prediction);
    }
  });

  it('paper Table 3: an operation Eval-CSC counts as correct (equal length, every character equal to the reference) is correct under Eval-GCSC', async () => {
    let checked = 0;
    const segmenter: Segmenter = {
      id: 'given',
      async segmentBatch(texts) {
        return texts.map((t) => cases.find((c) => c.reference === t)!.boundaries);
      },
    };
    const items = cases.map((c, i) => ({ id: String(i), source: c.source, references: [c.reference], prediction: c.prediction }));
    // Distinct references only, so the segmenter above is unambiguous.
    const unique = items.filter((it, i) => items.findIndex((o) => o.references[0] === it.references[0]) === i);
    const run = await runGcsc([{ name: 'random', items: unique }], { segmenter, judge: exactJudge });
    for (const sentence of run.systems[0]!.sentences) {
      for (const op of sentence.operations) {
        const cscCorrect = [...op.source.text].length === [...op.prediction.text].length && op.prediction.text === op.reference.text;
        if (!cscCorrect) continue;
        checked++;
        expect(op.judgement.correct).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
