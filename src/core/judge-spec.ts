/**
 * Which Eval-GCSC judge a run uses, as data: the CLI's --judge/--threshold parse into it, the page's Run tab
 * builds it, runs and reports store it. One validation (parseJudgeSpec, parseThreshold) and one precedence rule
 * for the threshold (resolveThreshold: the user's > a calibration's > the model manifest's).
 */
import type { Judge } from './gcsc/judge.ts';

export type JudgeSpec =
  | { kind: 'exact' }
  /**
   * model: 'default' (the embedded model), a folder (CLI), a dropped model's id or "site:<id>" (page).
   * spelling: the spelling check runs before the cosine (src/core/spelling); absent = off, as runs stored before
   * the check existed judged. New specs get it from withSpellingDefault.
   */
  | { kind: 'model'; model: string; threshold?: number; spelling?: boolean }
  /** source: a labels file (CLI) or a name for labels held by the page. */
  | { kind: 'labels'; source: string }
  /** An OpenAI-compatible endpoint on this machine; model after '#' in the CLI's text form. */
  | { kind: 'llm'; url: string; model?: string };

export type JudgeKind = JudgeSpec['kind'];
export type ModelJudgeSpec = Extract<JudgeSpec, { kind: 'model' }>;
export type ThresholdSource = 'user' | 'calibration' | 'manifest';

/** A spec that cannot be used; the message names the problem and what to write instead. */
export class JudgeSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JudgeSpecError';
  }
}

const FORMS = 'exact, model:DIR, model:default, labels:FILE or llm:URL[#MODEL]';

/** A similarity threshold: a finite number in [-1, 1] (cosine similarity's range). */
export function parseThreshold(text: string | number): number {
  const t = typeof text === 'number' ? text : text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(t) || t < -1 || t > 1) throw new JudgeSpecError(`threshold "${text}": give a number in [-1, 1]`);
  return t;
}

/** `exact | model:NAME | labels:SOURCE | llm:URL[#MODEL]`, as the CLI's --judge takes it. */
export function parseJudgeSpec(text: string): JudgeSpec {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  if (text === 'exact') return { kind: 'exact' };
  if (kind === 'model' || kind === 'labels') {
    if (rest.trim() === '') throw new JudgeSpecError(`judge "${text}": nothing after "${kind}:"; use ${FORMS}`);
    return kind === 'model' ? { kind, model: rest } : { kind, source: rest };
  }
  if (kind === 'llm') {
    const hash = rest.indexOf('#');
    const url = hash < 0 ? rest : rest.slice(0, hash);
    const model = hash < 0 ? '' : rest.slice(hash + 1);
    if (url === '') throw new JudgeSpecError(`judge "${text}": no URL after "llm:"; use ${FORMS}`);
    return model === '' ? { kind, url } : { kind, url, model };
  }
  throw new JudgeSpecError(`judge "${text}": use ${FORMS}`);
}

/** The spec's text form (parseJudgeSpec's inverse; a model threshold is not part of it). */
export function formatJudgeSpec(spec: JudgeSpec): string {
  switch (spec.kind) {
    case 'exact':
      return 'exact';
    case 'model':
      return `model:${spec.model}`;
    case 'labels':
      return `labels:${spec.source}`;
    case 'llm':
      return spec.model === undefined ? `llm:${spec.url}` : `llm:${spec.url}#${spec.model}`;
  }
}

/** Adds a user threshold to a spec; only a model judge has one, so anything else is refused, not ignored. */
export function withThreshold(spec: JudgeSpec, threshold: number | undefined): JudgeSpec {
  if (threshold === undefined) return spec;
  if (spec.kind !== 'model') throw new JudgeSpecError(`threshold ${threshold}: only a model judge has a threshold, not "${formatJudgeSpec(spec)}"`);
  return { ...spec, threshold: parseThreshold(threshold) };
}

/** Does this judge run the spelling check? */
export function usesSpellingCheck(spec: JudgeSpec): boolean {
  return spec.kind === 'model' && spec.spelling === true;
}

/**
 * A new model spec's spelling check: the user's choice, else on for the embedded default model (a lexical model
 * cannot tell a misspelling from a synonym) and off for any other model (the paper's plain cosine rule).
 */
export function withSpellingDefault(spec: JudgeSpec, choice?: boolean): JudgeSpec {
  if (spec.kind !== 'model') {
    if (choice !== undefined) throw new JudgeSpecError(`spelling check: only a model judge has one, not "${formatJudgeSpec(spec)}"`);
    return spec;
  }
  return { ...spec, spelling: choice ?? spec.model === 'default' };
}

/** The manifest's recommended threshold for this spec: its spelling-check threshold when the check runs and it has one. */
export function manifestThresholdFor(
  manifest: { threshold?: number; spellingCheckThreshold?: number } | undefined,
  spec: JudgeSpec,
): number | undefined {
  if (usesSpellingCheck(spec) && manifest?.spellingCheckThreshold !== undefined) return manifest.spellingCheckThreshold;
  return manifest?.threshold;
}

/**
 * The one precedence rule: the user's threshold, else a calibration's (the page's judge check), else the model
 * manifest's recommendation. None at all is an error naming the model.
 */
export function resolveThreshold(
  spec: ModelJudgeSpec,
  known: { manifestThreshold?: number | undefined; calibratedThreshold?: number | undefined },
): { threshold: number; thresholdFrom: ThresholdSource } {
  if (spec.threshold !== undefined) return { threshold: parseThreshold(spec.threshold), thresholdFrom: 'user' };
  if (known.calibratedThreshold !== undefined) return { threshold: parseThreshold(known.calibratedThreshold), thresholdFrom: 'calibration' };
  if (known.manifestThreshold !== undefined) return { threshold: parseThreshold(known.manifestThreshold), thresholdFrom: 'manifest' };
  throw new JudgeSpecError(`judge "${formatJudgeSpec(spec)}": the model has no manifest threshold and none was given; give a threshold`);
}

/** What a report records about the model behind a judge (existing report keys: model, pooling, labels). */
export interface JudgeInfo {
  model?: string;
  pooling?: string;
  labels?: string;
}

/** A spec made runnable by a platform (Node CLI or page worker): the judge, its threshold and where it came from. */
export interface ResolvedJudge {
  spec: JudgeSpec;
  judge: Judge;
  /** Model judges only. */
  threshold?: number;
  thresholdFrom?: ThresholdSource;
  info?: JudgeInfo;
  /**
   * Figures read after the run (an embedding judge's cache statistics) for a run log; never in the report, whose
   * numbers must not depend on what earlier runs left in a cache.
   */
  stats?: () => Record<string, unknown>;
}
