/**
 * A judge with the spelling check in front (check.ts): an operation whose R′ misspells the reference is
 * rejected with the finding (`veto`) and score −1, the lowest a similarity can be, so every threshold rejects
 * it and a ROC curve ranks it below everything the check lets through; the other operations go to the wrapped
 * judge unchanged. The paper's rule is the wrapped judge alone; this is CSC Studio's, recorded in the judge id.
 */
import type { CancelSignal } from '../cancel.ts';
import { loadCoreData } from '../core-data.ts';
import type { Judge, Judgement, JudgeRequest } from '../gcsc/judge.ts';
import { checkSpelling, type SpellingFinding } from './check.ts';

/** Bumped whenever the check's rules or tables change what it rejects (recorded in judge ids and reports). */
export const SPELLING_CHECK_VERSION = 'spelling-check-1';

export function withSpellingCheck(inner: Judge): Judge {
  return {
    get id() {
      return `${SPELLING_CHECK_VERSION}+${inner.id}`;
    },
    textOnly: inner.textOnly,
    async ready() {
      await Promise.all([inner.ready?.(), loadCoreData(['readings', 'glyphs', 'lexicon'])]);
    },
    async judge(requests: readonly JudgeRequest[], signal?: CancelSignal): Promise<Judgement[]> {
      await loadCoreData(['readings', 'glyphs', 'lexicon']);
      const findings = requests.map((r) => checkSpelling(r.reference, r.rPro));
      const passed = requests.filter((_, i) => findings[i] === null);
      const answers = passed.length > 0 ? await inner.judge(passed, signal) : [];
      if (answers.length !== passed.length) throw new Error(`judge ${inner.id} answered ${answers.length} of ${passed.length} requests`);
      let next = 0;
      return requests.map((_, i) => {
        const veto = findings[i];
        return veto ? vetoed(veto) : answers[next++]!;
      });
    },
  };
}

function vetoed(veto: SpellingFinding): Judgement {
  return { correct: false, score: -1, veto };
}

/** The judge a spec asks for: wrapped in the spelling check when the spec has it on. */
export function withSpellingCheckIf(on: boolean, judge: Judge): Judge {
  return on ? withSpellingCheck(judge) : judge;
}
