import { describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { runGcsc } from '../../src/core/gcsc/pipeline.ts';
import { loadPairs } from './shared-data.ts';

/**
 * With the exact judge (an operation is correct only when R_pro = R), a sentence is Eval-GCSC-correct exactly when
 * its prediction equals the reference, so sentence-level correction P and R must equal the reference scripts'
 * strict sentence correction: cscd's S_C_p/S_C_r where lengths agree, simple-csc's where they do not.
 */
describe('gcsc with the exact judge agrees with the scripts’ sentence-level correction', () => {
  const pairs = loadPairs().filter((p) => p.system !== 'identity');

  for (const pair of pairs) {
    it(`${pair.dataset}/${pair.system}`, async () => {
      const run = await runGcsc([{ name: pair.system, items: pair.items }], { segmenter: createNodeJiebaSegmenter(), judge: exactJudge });
      const values = run.systems[0]!.values;
      const cscd = pair.expected.cscd as Record<string, number>;
      const lev = pair.expected.simplecsc_levenshtein as Record<string, number>;
      if (!('error' in cscd)) {
        expect([values.S_C_p, values.S_C_r, values.S_C_f1]).toEqual([cscd.S_C_p, cscd.S_C_r, cscd.S_C_f1]);
      }
      expect([values.S_C_p, values.S_C_r, values.S_C_f1]).toEqual([lev['sentence correction p'], lev['sentence correction r'], lev['sentence correction f1']]);
    });
  }
});
