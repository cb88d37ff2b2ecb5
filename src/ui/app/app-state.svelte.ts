/**
 * The app's state: what is stored (datasets, systems, runs, models), what is selected, and the run in progress.
 * Every change goes to IndexedDB first and is then read back, so the screen always shows what a reload would.
 */
import { StorageFullError } from '../../db/errors.ts';
import type { ImportBundle, Repository } from '../../db/repository.ts';
import type { CalibrationRecord, DatasetRecord, JudgementRecord, ModelRecord, RunJudge, RunPhase, RunRecord, SystemRecord } from '../../db/types.ts';
import type { NormalizationOptions } from '../../core/normalize/options.ts';
import type { TestRow } from '../../core/types.ts';
import { exportWorkspace, importWorkspace, parseWorkspace, type ImportSummary } from '../../db/workspace-file.ts';
import { TOOL_NAME, TOOL_VERSION } from '../../core/version.ts';
import { t } from '../shared/i18n/index.ts';
import type { RunProgress } from '../../workers/run-job.ts';
import type { RunRunner } from '../../workers/run-client.ts';
import type { TypoCheckResult } from '../../core/meta/typo-check.ts';
import type { ImportOutcome } from '../../workers/staging-api.ts';
import type { ImportStaging } from '../import/staging.svelte.ts';
import { ProgressTracker } from '../shared/progress.ts';
import { executeRun, type RunOutcome } from '../run/run-executor.ts';
import { Preparation } from '../run/preparation.svelte.ts';
import { loadRunData, RunDataStore, type RunData } from './run-data.svelte.ts';
import { renameSystem } from '../workspace/rename.ts';
import { restoreSnapshot, snapshotDataset, snapshotModel, snapshotSystem, type Snapshot } from '../../db/trash.ts';

export type Tab = 'data' | 'run' | 'dashboard' | 'leaderboard' | 'compare' | 'explorer' | 'annotate' | 'meta' | 'classroom' | 'workspace';
export const TABS: readonly Tab[] = ['data', 'run', 'dashboard', 'leaderboard', 'compare', 'explorer', 'annotate', 'meta', 'classroom', 'workspace'];

export interface Notice {
  kind: 'info' | 'success' | 'error';
  text: string;
  /** Says it again in the active language (after a language switch); absent: `text` as it was written. */
  say?: () => string;
  /** The tab a user goes to next (the notice offers it, and takes the keyboard focus). */
  next?: Tab;
}

export interface ActiveRun {
  runId: string;
  /** One overall measure (units of real work) and the stage working now. */
  progress: RunProgress;
  startedAt: number;
  /** The overall fraction and the smoothed time left (a plain object: the bar reads it on each report and tick). */
  tracker: ProgressTracker;
  cancelling: boolean;
}

const SELECTION_KEY = 'csc-studio.selection';
const LOCK_PREFIX = 'csc-studio-run:';

/**
 * Which runs a page (this one or another tab) is executing: each holds a Web Lock named after its run while it
 * runs, and the browser releases it when the page goes away. Undefined where Web Locks are missing.
 */
async function heldRunLocks(): Promise<((runId: string) => boolean) | undefined> {
  const locks = globalThis.navigator?.locks;
  if (!locks?.query) return undefined;
  const snapshot = await locks.query();
  const held = new Set((snapshot.held ?? []).map((l) => l.name));
  return (runId) => held.has(LOCK_PREFIX + runId);
}

/** Runs `work` while holding the run's lock (directly where Web Locks are missing). */
function withRunLock<T>(runId: string, work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks?.request) return work();
  return locks.request(LOCK_PREFIX + runId, work) as Promise<T>;
}

interface Selection {
  datasetId: string | null;
  runId: string | null;
  tab: Tab;
}

export class AppState {
  datasets = $state<DatasetRecord[]>([]);
  systems = $state<SystemRecord[]>([]);
  runs = $state<RunRecord[]>([]);
  models = $state<ModelRecord[]>([]);
  datasetId = $state<string | null>(null);
  runId = $state<string | null>(null);
  tab = $state<Tab>('data');
  notice = $state<Notice | null>(null);
  active = $state<ActiveRun | null>(null);
  loaded = $state(false);
  /** Runs found interrupted at start-up. */
  interrupted = $state<string[]>([]);

  dataset = $derived(this.datasets.find((d) => d.id === this.datasetId) ?? null);
  datasetSystems = $derived(this.systems.filter((s) => s.datasetId === this.datasetId));
  datasetRuns = $derived(this.runs.filter((r) => r.datasetId === this.datasetId));
  run = $derived(this.runs.find((r) => r.id === this.runId) ?? null);

  /** Every view's run data comes from here: loaded once per run and stored phase. */
  readonly runData = new RunDataStore((run) => loadRunData(this.repo, run));
  /** The selected run's data; null until it has a stored phase. */
  selectedRunData = $derived<RunData | null>(this.run && this.run.phasesDone.length > 0 ? this.runData.get(this.run) : null);

  /** The judge's model loaded ahead of a run. */
  readonly preparation: Preparation;

  private controller: AbortController | null = null;

  constructor(
    readonly repo: Repository,
    readonly runner: RunRunner,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
    private readonly clock: () => number = () => Date.now(),
  ) {
    this.preparation = new Preparation(runner, storage);
  }

  async load(): Promise<void> {
    this.interrupted = await this.repo.markInterrupted(this.clock(), undefined, await heldRunLocks());
    await this.refresh();
    const saved = this.readSelection();
    if (saved) {
      if (saved.datasetId && this.datasets.some((d) => d.id === saved.datasetId)) this.datasetId = saved.datasetId;
      if (saved.runId && this.runs.some((r) => r.id === saved.runId)) this.runId = saved.runId;
      this.tab = saved.tab;
    }
    this.datasetId ??= this.datasets.at(-1)?.id ?? null;
    if (this.runId === null) this.runId = this.latestRunId();
    this.loaded = true;
    if (this.interrupted.length > 0) this.notify('info', () => t.runs.interruptedFound(this.interrupted.length));
  }

  async refresh(): Promise<void> {
    const [datasets, systems, runs, models] = await Promise.all([this.repo.listDatasets(), this.repo.listSystems(), this.repo.listRuns(), this.repo.listModels()]);
    this.datasets = datasets;
    this.systems = systems;
    this.runs = runs;
    this.models = models;
    this.runData.retain(new Set(runs.map((r) => r.id)));
    if (this.datasetId && !datasets.some((d) => d.id === this.datasetId)) this.datasetId = datasets.at(-1)?.id ?? null;
    if (this.runId && !runs.some((r) => r.id === this.runId)) this.runId = this.latestRunId();
  }

  private latestRunId(): string | null {
    return this.runs.filter((r) => r.datasetId === this.datasetId).at(-1)?.id ?? null;
  }

  private readSelection(): Selection | null {
    try {
      const raw = this.storage?.getItem(SELECTION_KEY);
      return raw ? (JSON.parse(raw) as Selection) : null;
    } catch {
      return null;
    }
  }

  private saveSelection(): void {
    try {
      this.storage?.setItem(SELECTION_KEY, JSON.stringify({ datasetId: this.datasetId, runId: this.runId, tab: this.tab } satisfies Selection));
    } catch {
      // Private mode or storage full: the selection is a convenience only.
    }
  }

  selectDataset(id: string | null): void {
    this.datasetId = id;
    this.runId = this.latestRunId();
    this.saveSelection();
  }

  selectRun(id: string | null): void {
    this.runId = id;
    const run = this.runs.find((r) => r.id === id);
    if (run) this.datasetId = run.datasetId;
    this.saveSelection();
  }

  /** Set when a step moved the user to a tab: the tab's heading takes the focus once shown (App.svelte). */
  focusTab = $state<Tab | null>(null);

  go(tab: Tab, options: { focus?: boolean } = {}): void {
    this.tab = tab;
    if (options.focus) this.focusTab = tab;
    this.saveSelection();
  }

  /** A notice; give a function to have it follow a language switch, and `next` to offer the next step. */
  notify(kind: Notice['kind'], text: string | (() => string), next?: Tab): void {
    this.notice = typeof text === 'string' ? { kind, text } : { kind, text: text(), say: text };
    if (next) this.notice.next = next;
  }

  /** Error text for a failed write; quota errors get the full explanation. */
  describeError(err: unknown): string {
    if (err instanceof StorageFullError) return t.storage.full(err.what);
    return err instanceof Error ? err.message : String(err);
  }

  async importBundle(bundle: ImportBundle): Promise<boolean> {
    return this.importWith(async () => {
      await this.repo.importBundle(bundle);
      return { datasetId: bundle.datasetId, systems: bundle.systems.length, name: bundle.dataset?.name ?? '' };
    });
  }

  /** The import step's files, validated and stored by its worker (they never come to this thread). */
  async importStaged(staging: Pick<ImportStaging, 'importValidated'>): Promise<boolean> {
    return this.importWith(() => staging.importValidated());
  }

  private async importWith(store: () => Promise<ImportOutcome | null>): Promise<boolean> {
    let outcome: ImportOutcome | null;
    try {
      outcome = await store();
    } catch (err) {
      this.notify('error', this.describeError(err));
      return false;
    }
    if (!outcome) return false;
    await this.refresh();
    this.selectDataset(outcome.datasetId);
    const name = outcome.name || this.dataset?.name || '';
    const systems = outcome.systems;
    this.notify('success', () => t.importer.imported(systems, name), 'run');
    return true;
  }

  async deleteDataset(id: string): Promise<void> {
    if (this.active && this.runs.find((r) => r.id === this.active!.runId)?.datasetId === id) this.cancel();
    await this.repo.deleteDataset(id);
    await this.refresh();
    this.saveSelection();
  }

  async deleteSystem(id: string): Promise<void> {
    await this.repo.deleteSystem(id);
    await this.refresh();
  }

  async deleteRun(id: string): Promise<void> {
    if (this.active?.runId === id) this.cancel();
    await this.repo.deleteRun(id);
    await this.refresh();
    this.saveSelection();
  }

  get busy(): boolean {
    return this.active !== null;
  }

  /**
   * Creates a run of the chosen systems and starts it. `judge` (null: Eval-CSC only) carries the typed spec and,
   * for a model, the threshold resolveThreshold chose; `normalization`: simple-csc's options, applied first.
   */
  async startRun(systemIds: readonly string[], judge: RunJudge | null, normalization?: NormalizationOptions): Promise<RunOutcome | null> {
    if (this.busy || !this.datasetId) return null;
    const systems = this.datasetSystems.filter((s) => systemIds.includes(s.id));
    if (systems.length === 0) return null;
    const phases: RunPhase[] = judge ? ['csc', 'gcsc'] : ['csc'];
    let run: RunRecord;
    try {
      const input: Parameters<Repository['createRun']>[0] = {
        datasetId: this.datasetId,
        systemIds: systems.map((s) => s.id),
        systemNames: systems.map((s) => s.name),
        phases,
      };
      if (judge) input.judge = judge;
      if (normalization) input.normalization = normalization;
      run = await this.repo.createRun(input, this.clock());
    } catch (err) {
      this.notify('error', this.describeError(err));
      return null;
    }
    await this.refresh();
    this.selectRun(run.id);
    return this.execute(run.id);
  }

  async resume(runId: string): Promise<RunOutcome | null> {
    if (this.busy) return null;
    await this.repo.resumeRun(runId, this.clock());
    await this.refresh();
    this.selectRun(runId);
    return this.execute(runId);
  }

  async restart(runId: string): Promise<RunOutcome | null> {
    if (this.busy) return null;
    await this.repo.restartRun(runId, this.clock());
    await this.refresh();
    this.selectRun(runId);
    return this.execute(runId);
  }

  cancel(): void {
    if (!this.active || !this.controller) return;
    this.active.cancelling = true;
    this.controller.abort();
  }

  private async execute(runId: string): Promise<RunOutcome> {
    const controller = new AbortController();
    this.controller = controller;
    const now = performance.now();
    this.active = { runId, progress: { stage: 'load', done: 0, total: 0, unitsDone: 0, unitsTotal: 0 }, startedAt: now, tracker: new ProgressTracker(), cancelling: false };
    // A notice about an earlier run ("Cancelled", "failed") must not stand beside this one.
    this.notice = null;
    this.interrupted = this.interrupted.filter((id) => id !== runId);
    const outcome = await withRunLock(runId, () =>
      executeRun(this.repo, runId, this.runner, {
        signal: controller.signal,
        onProgress: (p) => this.onProgress(p),
        onPhaseStored: () => void this.refresh(),
      }),
    );
    this.active = null;
    this.controller = null;
    // Cancel ends the evaluation worker, and a failure may have: a run after this one loads what it needs again.
    if (outcome.status !== 'done') this.preparation.forget();
    await this.refresh();
    if (outcome.status === 'done') this.notify('success', () => t.runs.finished);
    else if (outcome.status === 'cancelled') this.notify('info', () => t.runs.cancelled);
    else this.notify('error', outcome.storageFull ? t.storage.full(t.runs.resultsWhat) : t.runs.failed(outcome.error));
    return outcome;
  }

  private onProgress(p: RunProgress): void {
    const active = this.active;
    if (!active) return;
    active.tracker.update(p, performance.now());
    active.progress = p;
  }

  // ------------------------------------------------------------------------------------------------ reads for views

  /** A stored dataset's rows (adding systems to it in the import step). */
  rowsOf(datasetId: string): Promise<TestRow[]> {
    return this.repo.getRows(datasetId);
  }

  judgementsOf(datasetId: string): Promise<JudgementRecord[]> {
    return this.repo.listJudgements(datasetId);
  }

  /** The current dataset's own misspellings put back and judged (the judge check's typo acceptance). */
  typoCheck(judge: RunJudge): Promise<TypoCheckResult> {
    if (!this.datasetId) return Promise.reject(new Error('no dataset is selected'));
    return this.runner.typoCheck(this.repo, this.datasetId, judge);
  }

  calibrationOf(modelId: string): Promise<CalibrationRecord | undefined> {
    return this.repo.getCalibration(modelId);
  }

  async saveCalibration(record: CalibrationRecord): Promise<boolean> {
    try {
      await this.repo.saveCalibration(record);
      return true;
    } catch (err) {
      this.notify('error', this.describeError(err));
      return false;
    }
  }

  countEmbeddings(): Promise<number> {
    return this.repo.countEmbeddings();
  }

  async clearEmbeddingCache(): Promise<void> {
    await this.repo.clearEmbeddingCache();
  }

  // ------------------------------------------------------------------------------------------------ workspace

  async exportWorkspaceText(includeModels: boolean): Promise<string> {
    const file = await exportWorkspace(this.repo.db, { name: TOOL_NAME, version: TOOL_VERSION }, { models: includeModels });
    return JSON.stringify(file);
  }

  async importWorkspaceText(text: string): Promise<ImportSummary | null> {
    let summary: ImportSummary;
    try {
      summary = await importWorkspace(this.repo.db, parseWorkspace(JSON.parse(text)));
    } catch (err) {
      this.notify('error', err instanceof SyntaxError ? t.workspace.notJson : this.describeError(err));
      return null;
    }
    await this.refresh();
    this.datasetId ??= this.datasets.at(-1)?.id ?? null;
    this.notify('success', () => t.workspace.imported(summary));
    return summary;
  }

  async addModel(model: ModelRecord): Promise<boolean> {
    try {
      await this.repo.addModel(model);
    } catch (err) {
      this.notify('error', this.describeError(err));
      return false;
    }
    await this.refresh();
    return true;
  }

  async deleteModel(id: string): Promise<void> {
    await this.repo.deleteModel(id);
    await this.refresh();
  }

  // ------------------------------------------------------------------------------------------------ rename, undo (Workspace tab)

  /** Renames a dataset or a system (names already checked by the view); false after a failed write. */
  async rename(kind: 'dataset' | 'system', id: string, name: string): Promise<boolean> {
    try {
      if (kind === 'dataset') await this.repo.renameDataset(id, name);
      else {
        const system = this.systems.find((s) => s.id === id);
        if (!system) return false;
        await renameSystem(this.repo.db, system, name);
      }
    } catch (err) {
      this.notify('error', this.describeError(err));
      return false;
    }
    this.runData.retain(new Set()); // loaded run data carries the old names
    await this.refresh();
    return true;
  }

  /** Deletes a dataset, system or dropped model and returns what Undo needs to put it back. */
  async deleteUndoable(kind: Snapshot['kind'], id: string): Promise<Snapshot | undefined> {
    const snapshot = kind === 'dataset' ? await snapshotDataset(this.repo.db, id) : kind === 'system' ? await snapshotSystem(this.repo.db, id) : await snapshotModel(this.repo.db, id);
    if (!snapshot) return undefined;
    if (kind === 'dataset') await this.deleteDataset(id);
    else if (kind === 'system') await this.deleteSystem(id);
    else await this.deleteModel(id);
    return snapshot;
  }

  async undoDelete(snapshot: Snapshot): Promise<boolean> {
    try {
      await restoreSnapshot(this.repo.db, snapshot);
    } catch (err) {
      this.notify('error', this.describeError(err));
      return false;
    }
    await this.refresh();
    if (snapshot.datasets[0]) this.selectDataset(snapshot.datasets[0].id);
    return true;
  }
}
