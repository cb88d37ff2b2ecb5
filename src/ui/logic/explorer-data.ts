/** Loads what the explorer and the per-sentence export need for one run: rows, outputs and Eval-GCSC sentences. */
import type { Repository } from '../../db/repository.ts';
import type { RunRecord } from '../../db/types.ts';
import type { ExplorerData } from './explorer.ts';

export async function loadExplorerData(repo: Repository, run: RunRecord): Promise<ExplorerData> {
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
