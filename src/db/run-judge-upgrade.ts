/**
 * Runs stored before the judge had a type (schema ≤ 3, workspace files of that time) kept a bag of optional
 * fields: `{kind: 'exact' | 'embedding' | 'labels', modelId?, modelName?, threshold?, labels?, labelsName?}`.
 * This turns one into a RunJudge; a RunJudge passes through unchanged.
 */
import type { RunJudge, StoredLabel } from './types.ts';

interface LegacyJudgeSettings {
  kind: 'exact' | 'embedding' | 'labels';
  modelId?: string;
  modelName?: string;
  threshold?: number;
  labels?: StoredLabel[];
  labelsName?: string;
}

export function upgradeRunJudge(stored: RunJudge | LegacyJudgeSettings): RunJudge {
  if ('spec' in stored) return stored;
  if (stored.kind === 'labels') {
    const judge: RunJudge = { spec: { kind: 'labels', source: stored.labelsName ?? 'human' } };
    if (stored.labels) judge.labels = stored.labels;
    return judge;
  }
  if (stored.kind === 'embedding') {
    // The old record kept the threshold it was started with and no source: the user's, as far as anyone knows.
    const judge: RunJudge = { spec: { kind: 'model', model: stored.modelId ?? '' } };
    if (stored.threshold !== undefined) Object.assign(judge, { threshold: stored.threshold, thresholdFrom: 'user' });
    if (stored.modelName !== undefined) judge.modelName = stored.modelName;
    return judge;
  }
  return { spec: { kind: 'exact' } };
}
