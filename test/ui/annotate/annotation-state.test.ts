import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { AppState } from '../../../src/ui/app/app-state.svelte.ts';
import { AnnotationState } from '../../../src/ui/annotate/annotation.svelte.ts';
import { labelsToCsv, majorityToCsv } from '../../../src/ui/annotate/annotation.ts';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { readLabels, createLabelsJudge } from '../../../src/core/gcsc/labels.ts';
import { runGcsc } from '../../../src/core/gcsc/pipeline.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { loadSystems } from '../../../src/workers/run-job.ts';
import { inThreadRunner } from '../../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../../src/workers/run-environment.ts';
import { CscStudioDb } from '../../../src/db/schema.ts';
import { Repository } from '../../../src/db/repository.ts';
import { freshRepo, sampleStaged } from '../../db/helpers.ts';

const platform = inThreadRunner(createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() }));

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}
const enc = (s: string) => new TextEncoder().encode(s);

describe('AnnotationState', () => {
  test('keyboard labelling with undo, reload, a second and third annotator, majority → Eval-GCSC(human) equal to the labels file', async () => {
    const repo = freshRepo();
    const app = new AppState(repo, platform, memoryStorage());
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    const bert = app.datasetSystems.find((s) => s.name === 'bert-like')!;
    const outcome = await app.startRun([bert.id], { spec: { kind: 'exact' } });
    expect(outcome?.status).toBe('done');
    const run = app.run!;

    const storage = memoryStorage();
    const ann = new AnnotationState(repo, storage, () => 1000);
    await ann.load(run);
    expect(ann.items.length).toBeGreaterThan(ann.queue.length);
    expect(ann.queue.every((i) => !i.identical)).toBe(true);
    const total = ann.queue.length;
    expect(total).toBeGreaterThan(3);
    // No annotator yet: nothing is stored.
    await ann.key('1');
    expect(ann.records).toEqual([]);

    ann.setAnnotator('ann');
    await ann.key('1'); // op 0 correct
    await ann.key('w'); // op 1 wrong
    await ann.key('u'); // op 2 unsure
    await ann.key('z'); // undo the unsure: back on op 2
    expect(ann.index).toBe(2);
    await ann.key('s'); // skip op 2
    expect(ann.index).toBe(3);
    expect(ann.done).toBe(2);
    expect(ann.records.map((r) => r.label).sort()).toEqual(['correct', 'wrong']);

    // A reload finds the labels and the annotator.
    const again = new AnnotationState(new Repository(new CscStudioDb(repo.db.name)), storage);
    await again.load(run);
    expect(again.annotator).toBe('ann');
    expect(again.done).toBe(2);

    // Label everything: correct when the judge said correct would be trivial; alternate instead.
    ann.index = 0;
    for (let i = 0; i < total; i++) await ann.mark(i % 3 === 0 ? 'wrong' : 'correct');
    expect(ann.done).toBe(total);
    const mine = ann.annotatorRows();
    expect(mine).toHaveLength(total);

    // bob disagrees on the first operation: Cohen's κ, and that operation is a tie.
    const bob = mine.map((r, i) => ({ ...r, annotator: 'bob', label: i === 0 ? (r.label === 'correct' ? 'wrong' : 'correct') : r.label }) as const);
    expect(await ann.importFile('bob.csv', enc(labelsToCsv(bob)), 'x')).toBe(total);
    expect(ann.agreement.method).toBe('cohen');
    expect(ann.agreement.items).toBe(total);
    expect(ann.agreement.percent).toBeCloseTo((total - 1) / total, 12);
    expect(ann.unresolved).toBe(1);

    // cy (no annotator column: named on import) agrees with ann: Fleiss' κ, all resolved.
    const cyCsv = labelsToCsv(mine).replace(/,annotator\r\n/, '\r\n').replace(/,ann\r\n/g, '\r\n');
    expect(await ann.importFile('cy.csv', enc(cyCsv), 'cy')).toBe(total);
    expect(ann.annotators).toEqual(['ann', 'bob', 'cy']);
    expect(ann.agreement.method).toBe('fleiss');
    expect(ann.unresolved).toBe(0);

    // Eval-GCSC(human) in the app equals runGcsc with the exported majority file as --judge labels:FILE.
    const majority = ann.majorityLabels();
    expect(majority).toHaveLength(total);
    const csv = majorityToCsv(majority);
    const human = await app.startRun([bert.id], { spec: { kind: 'labels', source: 'm.csv' }, labels: majority.map(({ line: _l, ...l }) => l) });
    expect(human?.status).toBe('done');
    const fileJudge = createLabelsJudge(readLabels({ name: 'm.csv', bytes: enc(csv) }), 'm.csv');
    const systems = await loadSystems(repo, app.run!);
    const expected = await runGcsc(systems.map((s) => ({ name: s.name, items: s.items })), { segmenter: createNodeJiebaSegmenter(), judge: fileJudge });
    expect(app.run!.gcsc!.systems[0]!.values).toEqual(expected.systems[0]!.values);
    expect(app.run!.report!.gcsc).toMatchObject({ judge: 'labels:m.csv', labels: 'm.csv' });

    // Undo restores a previous label instead of deleting it.
    ann.index = 0;
    const before = ann.labelOf(ann.queue[0]!);
    await ann.mark(before === 'correct' ? 'wrong' : 'correct');
    await ann.undo();
    expect(ann.labelOf(ann.queue[0]!)).toBe(before);
  }, 60_000);
});

describe('AnnotationState keystrokes', () => {
  test('fast keystrokes (not awaited one by one) label successive operations', async () => {
    const repo = freshRepo();
    const app = new AppState(repo, platform, memoryStorage());
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    await app.startRun(app.datasetSystems.map((s) => s.id), { spec: { kind: 'exact' } });
    const ann = new AnnotationState(repo, memoryStorage());
    await ann.load(app.run!);
    ann.setAnnotator('fast');
    await Promise.all([ann.key('1'), ann.key('0'), ann.key('u'), ann.key('z'), ann.key('s'), ann.key('c')]);
    const keys = ann.queue.slice(0, 4).map((i) => ann.labelOf(i));
    expect(keys).toEqual(['correct', 'wrong', null, 'correct']);
    expect(ann.index).toBe(4);
  }, 60_000);
});
