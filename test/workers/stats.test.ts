/**
 * The stats worker: a fake worker (a MessageChannel port serving the real API) must give exactly what the main
 * thread computes, and the page's compare JSON must equal the CLI's `compare` for the same inputs, seed and
 * resamples (the built-in sample).
 */
import 'fake-indexeddb/auto';
import * as Comlink from 'comlink';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCompare } from '../../src/cli/compare-command.ts';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { CancelledError } from '../../src/core/cancel.ts';
import { addIntervals } from '../../src/core/compare/index.ts';
import { evaluate } from '../../src/core/evaluate.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { boundariesFromWords, type Segmenter } from '../../src/core/segment/segmenter.ts';
import { sampleFiles } from '../../src/sample/sample.ts';
import { statsInput } from '../../src/ui/compare/stats-input.ts';
import { compareJson } from '../../src/ui/dashboard/exports.ts';
import { validateStaged } from '../../src/workers/import/import-files.ts';
import { createWorkerStats, mainThreadStats } from '../../src/workers/stats-client.ts';
import { itemsOf, type StatsInput, type StatsProgress } from '../../src/workers/stats-compute.ts';
import { createStatsWorkerApi } from '../../src/workers/stats-worker-api.ts';
import type { WorkerLike } from '../../src/workers/worker-handle.ts';
import { sampleStaged } from '../db/helpers.ts';

interface FakeWorker extends WorkerLike {
  terminated: boolean;
}
const ports: MessagePort[] = [];
afterEach(() => {
  ports.splice(0).forEach((p) => p.close());
});

function fakeWorker(): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(createStatsWorkerApi(), port1);
  const worker = port2 as unknown as FakeWorker;
  worker.terminated = false;
  worker.terminate = () => {
    worker.terminated = true;
    port1.close();
    port2.close();
  };
  return worker;
}

/** The sample as the page holds it after "Load the built-in sample". */
function pageSample(): StatsInput {
  const bundle = validateStaged(sampleStaged()).bundle!;
  const dataset = bundle.dataset!;
  return statsInput(
    { rows: dataset.rows, systems: bundle.systems.map((s) => ({ id: s.id, name: s.name, predictions: s.predictions, gcsc: null })) },
    { file: dataset.file, format: dataset.format, encoding: dataset.encoding, rows: dataset.rowCount, fingerprint: dataset.fingerprint },
  );
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-stats-'));
  for (const f of sampleFiles()) writeFileSync(path.join(dir, f.name), f.text);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

async function cliCompare(args: string[]): Promise<string> {
  const out = path.join(dir, `out-${Math.random().toString(36).slice(2)}.json`);
  const [test, ...preds] = sampleFiles();
  await runCompare(['--test', path.join(dir, test!.name), ...preds.flatMap((p) => ['--pred', `${p.system}=${path.join(dir, p.name)}`]), '--output', out, ...args]);
  return readFileSync(out, 'utf8');
}

describe('the stats worker', { timeout: 120_000 }, () => {
  it("gives the CLI's compare JSON byte for byte (sample, seed 7, 300 resamples)", async () => {
    const input = pageSample();
    const cli = await cliCompare(['--resamples', '300', '--seed', '7']);
    const workers: FakeWorker[] = [];
    const runner = createWorkerStats({ createWorker: () => workers[workers.push(fakeWorker()) - 1]! });
    const progress: StatsProgress[] = [];
    const page = await runner.compare(input, { settings: { resamples: 300, seed: 7, confidence: 0.95 }, keys: 'headline' }, { onProgress: (p) => progress.push(p) });
    expect(compareJson(page)).toBe(cli); // the page's JSON export
    // Its coded warnings, for the page only, say the same in the same order.
    expect(page.codedWarnings.map((w) => w.message)).toEqual(page.warnings);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true);
    expect(progress.some((p) => p.phase === 'bootstrap')).toBe(true);
  });

  it('agrees with the CLI for chosen metrics, every key and a word seed', async () => {
    const input = pageSample();
    const cli = await cliCompare(['--resamples', '120', '--seed', 'abc', '--metrics', 'cscd,proofread', '--keys', 'all']);
    const page = await mainThreadStats.compare(input, { settings: { resamples: 120, seed: 'abc', confidence: 0.95 }, keys: 'all', metrics: ['cscd', 'proofread'] });
    expect(compareJson(page)).toBe(cli);
  });

  it('computes intervals and slices in the worker exactly as on the main thread', async () => {
    const input = pageSample();
    const request = { ci: { resamples: 200, seed: 3, confidence: 0.95 }, slices: ['length', 'errors'] as ('length' | 'errors')[] };
    const main = await mainThreadStats.intervals(input, request);
    const runner = createWorkerStats({ createWorker: fakeWorker });
    const got = await runner.intervals(input, request);
    expect(JSON.stringify(got)).toBe(JSON.stringify(main));
    const f1 = main.intervals['bert-like']!['cscd']!['S_C_f1'] as [number, number];
    expect(f1[0]).toBeLessThanOrEqual(f1[1]);
    expect(Object.keys(main.slices!['errors']!.slices)).toEqual(['0', '1', '2', '3+']);
  });

  it("Eval-GCSC's intervals come from the stored sentences' counts, as eval --ci computes them", async () => {
    const input = pageSample();
    const systems = input.systems.map((s) => ({ name: s.name, items: itemsOf(input.rows, s.predictions, s.name) }));
    const charSegmenter: Segmenter = { id: 'chars', segmentBatch: async (texts) => texts.map((t) => boundariesFromWords(t, [...t])) };
    const run = await evaluate(input.dataset, systems, { profiles: ['cscd', 'gcsc'], judge: { spec: { kind: 'exact' }, judge: exactJudge }, segmenter: charSegmenter });
    const ci = { resamples: 150, seed: 9, confidence: 0.95 };
    const cli = { ...run.report, warnings: [] } as typeof run.report & { intervals?: Record<string, Record<string, unknown>> };
    addIntervals(cli, run, { ci });
    const stored = { ...input, systems: input.systems.map((s, i) => ({ ...s, gcsc: run.systems[i]!.sentences.map((x) => ({ counts: x.scores['gcsc']!.counts })) })) };
    const view = await mainThreadStats.intervals(stored, { ci, slices: [] });
    for (const s of ['bert-like', 'llm-like']) {
      expect(view.intervals[s]!['gcsc']).toEqual(cli.intervals![s]!['gcsc']);
      expect(view.intervals[s]!['cscd'] ?? null).toEqual(cli.intervals![s]!['cscd'] ?? null);
    }
    expect((view.intervals['llm-like']!['gcsc'] as Record<string, unknown>)['S_C_f1']).toBeTruthy();
  });

  it("compares Eval-GCSC from the stored judgements exactly as the CLI's compare --metrics …,gcsc judges it", async () => {
    const input = pageSample();
    // The CLI judges with jieba and the exact judge; the page's run stored the same judgements and report.
    const cli = await cliCompare(['--resamples', '200', '--seed', '4', '--metrics', 'lemon,gcsc', '--judge', 'exact']);
    const systems = input.systems.map((s) => ({ name: s.name, items: itemsOf(input.rows, s.predictions, s.name) }));
    const run = await evaluate(input.dataset, systems, { profiles: ['gcsc'], judge: { spec: { kind: 'exact' }, judge: exactJudge }, segmenter: createNodeJiebaSegmenter() });
    const stored: StatsInput = {
      ...input,
      systems: input.systems.map((s, i) => ({ ...s, gcsc: run.systems[i]!.sentences.map((x) => ({ counts: x.scores['gcsc']!.counts })) })),
      gcscSection: run.report.gcsc!,
    };
    const settings = { resamples: 200, seed: 4, confidence: 0.95 };
    const page = await mainThreadStats.compare(stored, { settings, keys: 'headline', metrics: ['lemon', 'gcsc'] });
    expect(compareJson(page)).toBe(cli);
    const parsed = JSON.parse(cli) as { gcsc: { judge: string }; comparisons: { profile: string }[] };
    expect(parsed.gcsc.judge).toBe('exact');
    expect(new Set(parsed.comparisons.map((c) => c.profile))).toEqual(new Set(['lemon', 'gcsc']));
    // Eval-GCSC alone, and a run that never judged it.
    const alone = await mainThreadStats.compare(stored, { settings, keys: 'headline', metrics: ['gcsc'] });
    expect(compareJson(alone)).toBe(await cliCompare(['--resamples', '200', '--seed', '4', '--metrics', 'gcsc', '--judge', 'exact']));
    await expect(mainThreadStats.compare(input, { settings, keys: 'headline', metrics: ['gcsc'] })).rejects.toThrow(/Eval-GCSC was not judged/);
  });

  it('cancels: the worker is terminated and the call rejects with CancelledError', async () => {
    const input = pageSample();
    const workers: FakeWorker[] = [];
    const runner = createWorkerStats({ createWorker: () => workers[workers.push(fakeWorker()) - 1]! });
    const controller = new AbortController();
    const call = runner.compare(input, { settings: { resamples: 1000, seed: 1, confidence: 0.95 }, keys: 'headline' }, { signal: controller.signal });
    controller.abort(); // before the worker answers: it must not
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    expect(workers[0]!.terminated).toBe(true);
  });
});
