/**
 * A stored run computed by the page's path (executeRun → runJob → the core's evaluate) against `csc-studio eval`
 * on the same files, run in process: the stored report must be the CLI's JSON, keys and order included.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runEval } from '../../../src/cli/eval-command.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { NO_NORMALIZATION, type NormalizationOptions } from '../../../src/core/normalize/options.ts';
import type { Repository } from '../../../src/db/repository.ts';
import type { RunJudge, RunPhase } from '../../../src/db/types.ts';
import { sampleFiles } from '../../../src/sample/sample.ts';
import { executeRun } from '../../../src/ui/run/run-executor.ts';
import { inThreadRunner } from '../../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../../src/workers/run-environment.ts';
import type { RunProgress } from '../../../src/workers/run-job.ts';
import { freshRepo, importSample } from '../../db/helpers.ts';

const env = createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() });
const work = mkdtempSync(path.join(tmpdir(), 'csc-run-executor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `csc-studio eval` on the sample's files (written to disk), as JSON. */
async function cliJson(flags: string[]): Promise<unknown> {
  const preds: string[] = [];
  let test = '';
  for (const f of sampleFiles()) {
    const file = path.join(work, f.name);
    writeFileSync(file, f.text);
    if (f.role === 'test') test = file;
    else preds.push('--pred', `${f.system}=${file}`);
  }
  const out = path.join(work, `out-${Math.random()}.json`);
  const stderr = process.stderr.write;
  process.stderr.write = () => true;
  try {
    await runEval(['--test', test, ...preds, ...flags, '--output', out]);
  } finally {
    process.stderr.write = stderr;
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}

async function newRun(repo: Repository, phases: RunPhase[], judge?: RunJudge, normalization?: NormalizationOptions) {
  const id = await importSample(repo);
  const systems = await repo.listSystems(id);
  // The CLI lists systems in --pred order: the sample's file order.
  const order = sampleFiles().flatMap((f) => (f.system ? [f.system] : []));
  systems.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return repo.createRun({
    datasetId: id,
    systemIds: systems.map((s) => s.id),
    systemNames: systems.map((s) => s.name),
    phases,
    ...(judge ? { judge } : {}),
    ...(normalization ? { normalization } : {}),
  });
}

const exact: RunJudge = { spec: { kind: 'exact' } };

describe('a run computed as the page computes it = the CLI report', () => {
  test('Eval-CSC and Eval-GCSC with the exact judge: the stored report is the CLI JSON (keys and order too)', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], exact);
    const stored: RunPhase[] = [];
    const outcome = await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal, onPhaseStored: (p) => stored.push(p) });
    expect(outcome.status).toBe('done');
    expect(stored).toEqual(['csc', 'gcsc']);
    const done = (await repo.getRun(run.id))!;
    expect(JSON.stringify(done.report)).toBe(JSON.stringify(await cliJson(['--judge', 'exact'])));
    expect(done.report!.gcsc).toMatchObject({ judge_kind: 'exact' });
    expect(done.gcsc!.systems.map((s) => s.name)).toEqual(['bert-like', 'llm-like']);
    const results = await repo.getResults(run.id);
    expect(results).toHaveLength(4);
    const sentences = results.find((r) => r.phase === 'gcsc')!.gcsc!.sentences;
    expect(sentences).toHaveLength(64);
    // Summing the stored sentences gives the stored counts.
    const total = sentences.reduce((n, s) => n + (s.counts['operations'] ?? 0), 0);
    expect(total).toBe(done.gcsc!.systems.find((s) => s.systemId === results.find((r) => r.phase === 'gcsc')!.systemId)!.counts.operations);
  }, 60_000);

  test('Eval-CSC only = the CLI with --metrics of the defaults and ops', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc']);
    expect((await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal })).status).toBe('done');
    const done = (await repo.getRun(run.id))!;
    const profiles = Object.keys(done.report!.profiles);
    expect(profiles).not.toContain('gcsc');
    expect(JSON.stringify(done.report)).toBe(JSON.stringify(await cliJson(['--metrics', profiles.join(',')])));
  }, 60_000);

  test("normalisation options reach the plan: the report equals the CLI's with the same flags", async () => {
    const repo = freshRepo();
    const options: NormalizationOptions = { ...NO_NORMALIZATION, toHalfwidth: true, ignorePunct: true, maxLength: 30 };
    const run = await newRun(repo, ['csc', 'gcsc'], exact, options);
    expect((await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal })).status).toBe('done');
    const done = (await repo.getRun(run.id))!;
    expect(done.report!.dataset.normalization).toBeDefined();
    const cli = await cliJson(['--judge', 'exact', '--to-halfwidth', '--ignore-punct', '--max-length', '30']);
    expect(JSON.stringify(done.report)).toBe(JSON.stringify(cli));
  }, 60_000);
});

describe('executeRun: progress, cancel, resume, failure', () => {
  test('progress is one overall measure that never goes back and ends at its total', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], exact);
    const seen: RunProgress[] = [];
    await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal, onProgress: (p) => seen.push(p) });
    const units = seen.filter((p) => p.stage !== 'load');
    expect(new Set(units.map((p) => p.stage))).toEqual(new Set(['score', 'segment', 'extract', 'judge', 'ops']));
    for (let i = 1; i < units.length; i++) expect(units[i]!.unitsDone).toBeGreaterThanOrEqual(units[i - 1]!.unitsDone);
    expect(units.at(-1)!.unitsDone).toBe(units.at(-1)!.unitsTotal);
    // 2 systems × 64 rows × the default profiles are scored first; the judge's requests join the total later.
    expect(units[0]!.unitsTotal).toBeLessThan(units.at(-1)!.unitsTotal);
  }, 60_000);

  test('cancelled during Eval-GCSC: the Eval-CSC phase stays stored; resuming stores the rest', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], exact);
    const controller = new AbortController();
    const outcome = await executeRun(repo, run.id, inThreadRunner(env), {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'segment') controller.abort();
      },
    });
    expect(outcome.status).toBe('cancelled');
    const cancelled = (await repo.getRun(run.id))!;
    expect(cancelled).toMatchObject({ status: 'cancelled', phasesDone: ['csc'] });
    expect(await repo.getResults(run.id, 'gcsc')).toEqual([]);
    expect(Object.keys(cancelled.report!.profiles)).not.toContain('gcsc');
    const verdicts = (await repo.getResults(run.id, 'csc'))[0]!.csc!.verdicts;
    expect(verdicts).toHaveLength(64);

    await repo.resumeRun(run.id);
    const resumed = await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal });
    expect(resumed.status).toBe('done');
    const done = (await repo.getRun(run.id))!;
    expect(done.phasesDone).toEqual(['csc', 'gcsc']);
    expect(JSON.stringify(done.report)).toBe(JSON.stringify(await cliJson(['--judge', 'exact'])));
    expect((await repo.getResults(run.id, 'csc'))[0]!.csc!.verdicts).toEqual(verdicts);
  }, 60_000);

  test('without an environment Eval-GCSC fails with its message after storing Eval-CSC', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], exact);
    const outcome = await executeRun(repo, run.id, inThreadRunner(undefined), { signal: new AbortController().signal });
    expect(outcome).toMatchObject({ status: 'failed', storageFull: false, error: 'Eval-GCSC is not available in this page (no segmenter)' });
    expect((await repo.getRun(run.id))!).toMatchObject({ status: 'failed', phasesDone: ['csc'] });
  }, 60_000);

  test('the judge loads while the profiles score; a load that fails fails the run after Eval-CSC is stored', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], exact);
    const events: string[] = [];
    const failing = createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() });
    failing.judge = async () => {
      events.push('load started');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the model files are missing');
    };
    const outcome = await executeRun(repo, run.id, inThreadRunner(failing), {
      signal: new AbortController().signal,
      onProgress: (p) => {
        if (p.stage === 'score' && !events.includes('scoring')) events.push('scoring');
      },
    });
    expect(events).toEqual(['load started', 'scoring']);
    expect(outcome).toMatchObject({ status: 'failed', error: 'the model files are missing' });
    expect((await repo.getRun(run.id))!).toMatchObject({ status: 'failed', phasesDone: ['csc'] });
  }, 60_000);

  test('a model run without a resolved threshold is refused with a message naming the judge', async () => {
    const repo = freshRepo();
    const run = await newRun(repo, ['csc', 'gcsc'], { spec: { kind: 'model', model: 'site:default' } });
    const outcome = await executeRun(repo, run.id, inThreadRunner(env), { signal: new AbortController().signal });
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/model:site:default.*no resolved threshold/) });
  }, 60_000);
});
