/**
 * A benchmark's run: every system of its stored dataset, scored by the page's profiles and judged as the
 * benchmark recommends, so the leaderboard shows what `csc-studio eval --judge <that judge>` gives. The site's
 * default model judges as `--judge model:default` does: its manifest's threshold, the spelling check in front.
 */
import { manifestThresholdFor } from '../../core/judge-spec.ts';
import type { BenchJudge } from '../../core/bench/manifest.ts';
import type { RunJudge } from '../../db/types.ts';
import type { SiteModel } from '../../platform/site-models.ts';
import { browserLoadableChecks, runJudgeFor, siteModelLoadable, siteModelRefusal } from '../run/run-judge.ts';
import { modelOfflineStatus } from '../../platform/offline.ts';
import type { AppState } from '../app/app-state.svelte.ts';
import { t } from '../shared/i18n/index.ts';

/** Thrown when the benchmark's judge is the site's default model and this site has none. */
export class NoDefaultModelError extends Error {
  override name = 'NoDefaultModelError';
}

/** The run's judge; null: Eval-CSC alone (the benchmark leaves Eval-GCSC out). */
export function benchRunJudge(judge: BenchJudge | null, siteModels: readonly SiteModel[]): RunJudge | null {
  if (judge === null) return null;
  if (judge === 'exact') return { spec: { kind: 'exact' } };
  const model = siteModels.find((m) => m.default);
  if (!model) throw new NoDefaultModelError('this benchmark is judged by the site’s default model, which this site does not publish');
  const spec = { kind: 'model' as const, model: `site:${model.name}`, spelling: true };
  return runJudgeFor({
    kind: 'model',
    model: spec.model,
    name: model.manifest.name ?? model.name,
    userThreshold: null,
    calibratedThreshold: null,
    manifestThreshold: manifestThresholdFor(model.manifest, spec) ?? null,
    spelling: true,
  });
}

/**
 * Scores the selected benchmark dataset: every system, the benchmark's judge. Resolves to an error to show
 * (the judge cannot run here), or null once the run ended (its outcome is the app's notice).
 */
export async function scoreBenchmark(
  app: Pick<AppState, 'datasetSystems' | 'startRun' | 'go'>,
  judge: BenchJudge | null,
  siteModels: () => Promise<SiteModel[]>,
): Promise<string | null> {
  let runJudge: RunJudge | null;
  const models = await siteModels();
  try {
    runJudge = benchRunJudge(judge, models);
  } catch (err) {
    if (err instanceof NoDefaultModelError) return t.bench.noDefaultModel;
    throw err;
  }
  // Offline without the model's files: refused by name, as the Run tab refuses it.
  if (runJudge?.spec.kind === 'model') {
    const refused = await siteModelRefusal(runJudge.spec.model, models, (m) => siteModelLoadable(m, browserLoadableChecks((x) => modelOfflineStatus(x))));
    if (refused !== null) return t.trust.modelOffline(refused);
  }
  const outcome = await app.startRun(app.datasetSystems.map((s) => s.id), runJudge);
  if (outcome?.status === 'done') app.go('leaderboard', { focus: true });
  return null;
}
