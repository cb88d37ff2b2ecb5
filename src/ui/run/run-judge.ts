/**
 * The Run tab's choices as typed run settings: the judge (a JudgeSpec, with a model's threshold decided by the
 * core's one precedence rule, resolveThreshold: typed by the user > the judge check's calibration > the model's
 * manifest) and simple-csc's normalisation options (validated by the core, as the CLI's flags are).
 */
import { chooseGraph, INT8_GRAPHS } from '../../core/embed/graph-choice.ts';
import { resolveThreshold, withThreshold, type JudgeSpec } from '../../core/judge-spec.ts';
import { parseNormalizationOptions, type NormalizationOptions } from '../../core/normalize/options.ts';
import type { RunJudge, StoredLabel } from '../../db/types.ts';
import { modelFileUrls, siteModelUsableNow, type OfflineStatus } from '../../platform/offline.ts';
import type { SiteModel } from '../../platform/site-models.ts';

export type JudgeChoice =
  | { kind: 'exact' }
  | { kind: 'labels'; labels: StoredLabel[]; name: string }
  | {
      kind: 'model';
      /** A dropped model's id or "site:<name>". */
      model: string;
      name: string;
      userThreshold: number | null;
      calibratedThreshold: number | null;
      /** The manifest's recommendation for this choice (manifestThresholdFor: with or without the spelling check). */
      manifestThreshold: number | null;
      spelling: boolean;
      /** The graph, where the model has an int8 and a float one (recorded with the run). */
      graph?: 'int8' | 'fp32';
    };

/** Throws JudgeSpecError (a threshold outside [-1, 1], a model with no threshold anywhere) with its message. */
export function runJudgeFor(choice: JudgeChoice): RunJudge {
  if (choice.kind === 'exact') return { spec: { kind: 'exact' } };
  if (choice.kind === 'labels') return { spec: { kind: 'labels', source: choice.name }, labels: choice.labels };
  const spec = withThreshold({ kind: 'model', model: choice.model, spelling: choice.spelling }, choice.userThreshold ?? undefined) as Extract<JudgeSpec, { kind: 'model' }>;
  const { threshold, thresholdFrom } = resolveThreshold(spec, {
    calibratedThreshold: choice.calibratedThreshold ?? undefined,
    manifestThreshold: choice.manifestThreshold ?? undefined,
  });
  return { spec, threshold, thresholdFrom, modelName: choice.name, ...(choice.graph ? { graph: choice.graph } : {}) };
}

/** What a run loads of a site model: its files but the graphs it does not use (a folder may hold three). */
export function bytesToLoad(files: readonly { path: string; size: number }[]): number {
  let graph: string | undefined;
  try {
    graph = chooseGraph(files.map((f) => f.path));
  } catch {
    graph = undefined;
  }
  return files.filter((f) => !f.path.endsWith('.onnx') || f.path === graph).reduce((n, f) => n + f.size, 0);
}

/** Site models' labels: the manifest's name, with the folder's when two share a name. */
export function siteModelLabel(model: { name: string; manifest: { name?: string } }, all: readonly { name: string; manifest: { name?: string } }[]): string {
  const shown = model.manifest.name ?? model.name;
  return all.filter((m) => (m.manifest.name ?? m.name) === shown).length > 1 ? `${shown} (${model.name})` : shown;
}

/** The kinds of graph a model's files hold, int8 first (the one chosen unless the user says otherwise). */
export function graphKinds(paths: readonly string[]): ('int8' | 'fp32')[] {
  const kinds: ('int8' | 'fp32')[] = [];
  if (INT8_GRAPHS.some((p) => paths.includes(p))) kinds.push('int8');
  if (paths.includes('onnx/model.onnx')) kinds.push('fp32');
  return kinds;
}

/** The Options disclosure's fields; empty text fields are "off". */
export interface OptionsForm {
  toSimplified: boolean;
  toHalfwidth: boolean;
  ignorePunct: boolean;
  ignoreSpace: boolean;
  ignoreChars: string;
  maxLength: string;
  ignoreUnmatchLength: boolean;
}

export const EMPTY_OPTIONS: OptionsForm = Object.freeze({
  toSimplified: false,
  toHalfwidth: false,
  ignorePunct: false,
  ignoreSpace: false,
  ignoreChars: '',
  maxLength: '',
  ignoreUnmatchLength: false,
});

/** Throws NormalizationOptionError naming the option (e.g. a max length that is not a whole number). */
export function normalizationFrom(form: OptionsForm): NormalizationOptions {
  return parseNormalizationOptions({
    ...form,
    ignoreChars: form.ignoreChars === '' ? undefined : form.ignoreChars,
    maxLength: form.maxLength.trim() === '' ? undefined : form.maxLength,
  });
}

/**
 * Before a run with a site model starts: the model's name when it cannot be used now (offline and not cached),
 * so the page refuses with that name instead of judging with anything else; null when the run may start.
 */
export async function siteModelRefusal<M extends { name: string; manifest: { name?: string } }>(
  judgeId: string,
  siteModels: readonly M[],
  usableNow: (model: M) => Promise<boolean>,
  sitePrefix = 'site:',
): Promise<string | null> {
  if (!judgeId.startsWith(sitePrefix)) return null;
  const name = judgeId.slice(sitePrefix.length);
  const model = siteModels.find((m) => m.name === name);
  // A model no longer listed cannot be loaded either: refuse with the name the run asked for.
  if (!model) return name;
  return (await usableNow(model)) ? null : (model.manifest.name ?? model.name);
}

export interface LoadableChecks {
  /** siteModelUsableNow: online, or offline with every file cached. */
  usableNow: (model: SiteModel) => Promise<boolean>;
  status: (model: SiteModel) => Promise<OfflineStatus>;
  /** Whether the site answers for one file (a HEAD request). */
  probe: (url: string) => Promise<boolean>;
}

/**
 * Can the run load this site model now? Offline without its files: no (siteModelUsableNow). Online with files
 * missing from the cache, one is asked for first: a browser can say "online" with no route to the site.
 */
export async function siteModelLoadable(model: SiteModel, checks: LoadableChecks): Promise<boolean> {
  if (!(await checks.usableNow(model))) return false;
  const status = await checks.status(model);
  if (status.available) return true;
  const first = modelFileUrls(model).find((f) => status.missing.includes(f.path));
  return first ? checks.probe(first.url) : true;
}

/** The page's checks: the model cache, navigator.onLine and a HEAD request that bypasses the HTTP cache. */
export const browserLoadableChecks = (status: (model: SiteModel) => Promise<OfflineStatus>): LoadableChecks => ({
  usableNow: (model) => siteModelUsableNow(model),
  status,
  probe: (url) => fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' }).then((r) => r.ok, () => false),
});

