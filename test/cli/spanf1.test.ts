import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';


let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-spanf1-'));
  // Constructed: e1 has 门 wrong at 1, e2 性 wrong at 4, c1 is clean.
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t我门明天见\t我们明天见\ne2\t今天很高性\t今天很高兴\nc1\t我们走吧。\t我们走吧。\n');
  // Corrected text: fixes e1, misses e2, changes 吧 in c1.
  writeFileSync(file('bert.tsv'), 'id\tprediction\ne1\t我们明天见\ne2\t今天很高性\nc1\t我们走了。\n');
  // A span-predicting system: e1 right, e2 one character too early, nothing on c1.
  writeFileSync(file('rater.json'), JSON.stringify({ e1: [{ start: 1, end: 2 }], e2: [{ start: 3, end: 4 }], c1: [] }));
  writeFileSync(file('gold.json'), JSON.stringify({ e1: [{ start: 1, end: 2, severity: 'major' }], e2: [{ start: 4, end: 5 }], c1: [] }));
});

describe('csc-studio spanf1', { timeout: 60_000 }, () => {
  it('scores corrected text and span output against gold derived from the test set', async () => {
    const r = await cli('spanf1', '--test', file('test.tsv'), '--pred', `bert=${file('bert.tsv')}`, '--pred', `rater=${file('rater.json')}`);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.gold).toMatchObject({ ids: 3 });
    // bert: gold chars e1:1, e2:4; predicted e1:1, c1:3 → tp 1, fp 1, fn 1 → F1 1/2.
    expect(report.systems.bert).toMatchObject({ spans_from: 'edits of source → prediction', recipe: { micro: { tp: 1, fp: 1, fn: 1, f1: 0.5 } } });
    // rater: predicted e1:1, e2:3 → tp 1, fp 1, fn 1 as well; macro (1 + 0 + 0) / 3.
    expect(report.systems.rater).toMatchObject({ spans_from: 'spans file', recipe: { micro: { tp: 1, fp: 1, fn: 1 } } });
    expect(report.systems.rater.recipe.macro_f1).toBeCloseTo(1 / 3, 12);
  });

  it('takes gold spans from a file, severities included', async () => {
    const r = await cli('spanf1', '--gold', file('gold.json'), '--pred', `rater=${file('rater.json')}`);
    expect(r.code).toBe(0);
    // e1: same span, gold severity major vs none → recipe adds 0.5; per character the credit is 0.5.
    const sys = JSON.parse(r.stdout).systems.rater;
    expect(sys.recipe.micro).toMatchObject({ tp: 1, fp: 1, fn: 1, severity_mismatch: 0.5 });
    expect(sys.per_char.micro).toMatchObject({ credit: 0.5, gold_chars: 2, pred_chars: 2 });
  });

  it('needs the test set for corrected text, and refuses id mismatches', async () => {
    expect((await cli('spanf1', '--gold', file('gold.json'), '--pred', file('bert.tsv'))).stderr).toMatch(/add --test FILE/);
    writeFileSync(file('short.json'), JSON.stringify({ e1: [] }));
    const r = await cli('spanf1', '--gold', file('gold.json'), '--pred', file('short.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/id "e2" of .*gold\.json is missing/);
  });
});
