/**
 * A run's data as its views read it: the dataset's rows, each system's predictions and Eval-GCSC sentences.
 * Loaded once per run and stored phase (a finished phase adds sentences), then shared: the explorer, the dashboard's
 * exports, the error-type panel, annotation and the judge check all read the same object.
 */
import type { Repository } from '../../db/repository.ts';
import type { RunRecord } from '../../db/types.ts';
import type { ExplorerData } from '../explorer/explorer.ts';

export async function loadRunData(repo: Pick<Repository, 'getRows' | 'getResults' | 'getPredictions'>, run: RunRecord): Promise<ExplorerData> {
  const [rows, results] = await Promise.all([repo.getRows(run.datasetId), repo.getResults(run.id, 'gcsc')]);
  const systems = await Promise.all(
    run.systemIds.map(async (id, i) => ({
      id,
      name: run.systemNames[i]!,
      predictions: await repo.getPredictions(id),
      gcsc: results.find((r) => r.systemId === id)?.gcsc?.sentences ?? null,
    })),
  );
  return { rows, systems };
}

/** What a run's data depends on: the run and the phases stored so far. */
export const runDataKey = (run: Pick<RunRecord, 'id' | 'phasesDone'>): string => `${run.id}:${run.phasesDone.join(',')}`;

export class RunData {
  /** Null until loaded (or when loading failed). */
  data = $state.raw<ExplorerData | null>(null);
  error = $state<string | null>(null);
  readonly ready: Promise<ExplorerData>;

  constructor(
    readonly run: RunRecord,
    load: (run: RunRecord) => Promise<ExplorerData>,
  ) {
    this.ready = load(run);
    this.ready.then(
      (data) => (this.data = data),
      (err: unknown) => (this.error = err instanceof Error ? err.message : String(err)),
    );
  }

  get key(): string {
    return runDataKey(this.run);
  }
}

/** Keeps the RunData of the last few runs asked for; a run whose stored phases changed is loaded afresh. */
export class RunDataStore {
  readonly #cache = new Map<string, RunData>();

  constructor(
    private readonly load: (run: RunRecord) => Promise<ExplorerData>,
    private readonly keep = 6,
  ) {}

  get(run: RunRecord): RunData {
    const cached = this.#cache.get(run.id);
    if (cached && cached.key === runDataKey(run)) {
      // Most recently used last.
      this.#cache.delete(run.id);
      this.#cache.set(run.id, cached);
      return cached;
    }
    const fresh = new RunData(run, this.load);
    this.#cache.delete(run.id);
    this.#cache.set(run.id, fresh);
    while (this.#cache.size > this.keep) this.#cache.delete(this.#cache.keys().next().value!);
    return fresh;
  }

  /** Drops runs that no longer exist. */
  retain(runIds: ReadonlySet<string>): void {
    for (const id of [...this.#cache.keys()]) if (!runIds.has(id)) this.#cache.delete(id);
  }

  get size(): number {
    return this.#cache.size;
  }
}
