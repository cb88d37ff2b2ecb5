/**
 * System names that are Object.prototype's own (issue 24): `__proto__`, `constructor`, `toString` … are plain keys
 * in the core's reports, through the page's import, rename and IndexedDB. Each run is compared with the same run
 * under ordinary names, so a name that is lost, merged or read from the prototype shows as a difference.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addIntervals } from '../../../src/core/compare/index.ts';
import { evaluate } from '../../../src/core/evaluate.ts';
import { readPredictions, readTestSet, joinPredictions } from '../../../src/core/io/index.ts';
import { reportToCsv, reportToMarkdown } from '../../../src/core/format/tables.ts';
import { renameSystemInRun } from '../../../src/ui/workspace/rename.ts';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { freshRepo, staged } from '../../db/helpers.ts';

const TEST = 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n';
const PREDS = [
  'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\n',
  'id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\nc1\t订单周二发出。\n',
  'id\tprediction\ne1\t请尽块回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\n',
  'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周二发出。\n',
];
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const PLAIN = ['a', 'b', 'c', 'd'];
const enc = (text: string) => new TextEncoder().encode(text);

async function run(names: readonly string[]) {
  const testSet = readTestSet({ name: 'test.tsv', bytes: enc(TEST) });
  const systems = names.map((name, i) => ({ name, items: joinPredictions(testSet, readPredictions({ name: `p${i}.tsv`, bytes: enc(PREDS[i]!) }, {}, testSet)) }));
  const dataset = { file: 'test.tsv', format: 'tsv', encoding: 'utf-8', rows: 3, fingerprint: 'f' };
  const result = await evaluate(dataset, systems, { profiles: ['cscd', 'sighan', 'lemon'], byType: true });
  addIntervals(result.report, result, { ci: { resamples: 40, seed: 1, confidence: 0.95 }, slices: ['length', 'errors', 'type'] });
  return result.report;
}

/** The report's JSON with the hostile names written as the plain ones. */
function renamed(json: string): string {
  return HOSTILE.reduce((text, name, i) => text.replaceAll(`"${name}"`, `"${PLAIN[i]}"`).replaceAll(`${name} /`, `${PLAIN[i]} /`), json);
}

describe('system names that Object.prototype holds', () => {
  it('are ordinary keys in every section of the report (systems, by_type, intervals, slices, warnings)', async () => {
    const plain = JSON.stringify(await run(PLAIN));
    const hostile = await run(HOSTILE);
    expect(Object.keys(hostile.systems)).toEqual(HOSTILE);
    expect(renamed(JSON.stringify(hostile))).toBe(plain);
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>)['cscd']).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('survive the text reports', async () => {
    const hostile = await run(HOSTILE);
    expect(reportToMarkdown(hostile)).toContain('| profile | metric | __proto__ | constructor | toString | hasOwnProperty |');
    expect(reportToCsv(hostile).split('\r\n')[0]).toBe('profile,metric,__proto__,constructor,toString,hasOwnProperty');
  });

  it('survive a structured clone (the worker and IndexedDB) and a rename in the page', async () => {
    const report = structuredClone(await run(HOSTILE));
    expect(Object.keys(report.systems)).toEqual(HOSTILE);
    const record = { id: 'r', datasetId: 'd', systemIds: ['s0', 's1', 's2', 's3'], systemNames: HOSTILE, phases: [], phasesDone: [], status: 'done', createdAt: 0, updatedAt: 0, heartbeat: 0, timings: {}, report } as never;
    const once = renameSystemInRun(record, 's0', 'toString2');
    expect(Object.keys(once.report!.systems)).toEqual(['toString2', 'constructor', 'toString', 'hasOwnProperty']);
    const back = renameSystemInRun({ ...once, systemIds: ['s0', 's1', 's2', 's3'] } as never, 's1', '__proto__');
    expect(Object.keys(back.report!.systems)).toEqual(['toString2', '__proto__', 'toString', 'hasOwnProperty']);
    expect(back.report!.systems['__proto__']).toEqual(report.systems['constructor']);
  });

  it('import into IndexedDB and come back as stored', async () => {
    const repo = freshRepo();
    const files = [staged('test.tsv', TEST, 'test'), ...HOSTILE.map((name, i) => staged(`p${i}.tsv`, PREDS[i]!, 'predictions', name))];
    const result = validateStaged(files);
    expect(result.general).toEqual([]);
    await repo.importBundle(result.bundle!);
    const systems = await repo.listSystems(result.bundle!.datasetId);
    expect(systems.map((s) => s.name).sort()).toEqual([...HOSTILE].sort());
    const report = await run(HOSTILE);
    const stored = await repo.createRun({ datasetId: result.bundle!.datasetId, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc'] });
    await repo.savePhase(stored.id, 'csc', { report, elapsedMs: 1, results: [] });
    const back = (await repo.getRun(stored.id))!.report!;
    expect(Object.keys(back.systems)).toEqual(HOSTILE);
    expect(renamed(JSON.stringify(back))).toBe(renamed(JSON.stringify(report)));
  });
});
