/**
 * The judge in the interface's language: the Run tab (what a run will use, the runs table), the dashboard header
 * and the HTML report all name it the same way, from the stored run judge or the report's gcsc section.
 */
import { formatJudgeSpec, usesSpellingCheck } from '../../core/judge-spec.ts';
import { SPELLING_CHECK_VERSION } from '../../core/spelling/version.ts';
import { judgeFacts, type JudgeFacts } from '../../core/format/judge-line.ts';
import type { GcscSection } from '../../core/report.ts';
import type { RunJudge } from '../../db/types.ts';
import { isLexicalBaseline } from '../../platform/model-card.ts';
import { t, type Strings } from '../shared/i18n/index.ts';

export function factsOfRunJudge(judge: RunJudge): JudgeFacts {
  const { spec } = judge;
  const facts: JudgeFacts = { kind: spec.kind, id: formatJudgeSpec(spec) };
  if (spec.kind === 'model') facts.model = judge.modelName ?? spec.model;
  if (spec.kind === 'labels') facts.labels = spec.source;
  if (judge.threshold !== undefined) facts.threshold = judge.threshold;
  if (judge.thresholdFrom !== undefined) facts.thresholdFrom = judge.thresholdFrom;
  if (usesSpellingCheck(spec)) facts.spellingCheck = SPELLING_CHECK_VERSION;
  return facts;
}

/** The report's record when there is one (it names the model the run really loaded), else the stored choice. */
export function runJudgeFacts(gcsc: GcscSection | undefined, judge: RunJudge | undefined): JudgeFacts | null {
  if (gcsc) {
    const facts = judgeFacts(gcsc);
    // Older reports lack threshold_from; the run record has it.
    if (facts.thresholdFrom === undefined && judge?.thresholdFrom !== undefined) facts.thresholdFrom = judge.thresholdFrom;
    return facts;
  }
  return judge ? factsOfRunJudge(judge) : null;
}

/** Kind, model, threshold and where the threshold came from, in the active language. */
export function judgeText(facts: JudgeFacts, s: Strings = t): string {
  const tr = s.trust;
  switch (facts.kind) {
    case 'exact':
      return tr.judgeExact;
    case 'labels':
      return tr.judgeLabels(facts.labels ?? facts.id);
    case 'llm':
      return tr.judgeLlm(facts.id);
    case 'model': {
      const threshold =
        facts.threshold === undefined
          ? tr.noThreshold
          : facts.thresholdFrom
            ? tr.thresholdOf(facts.threshold, s.runs.thresholdFrom[facts.thresholdFrom])
            : tr.thresholdOnly(facts.threshold);
      return `${tr.judgeModel(facts.model ?? facts.id)} · ${threshold}${facts.spellingCheck ? ` · ${tr.withSpellingCheck}` : ''}`;
    }
    default:
      return facts.id;
  }
}

/** The default lexical model judged: its Eval-GCSC numbers are not the paper's. */
export function isLexicalJudge(facts: JudgeFacts | null): boolean {
  return facts?.kind === 'model' && isLexicalBaseline(facts.model === undefined ? undefined : { name: facts.model });
}
