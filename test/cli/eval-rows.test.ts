import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeGcsc } from '../../src/core/gcsc/metrics.ts';
import { summarizeOps } from '../../src/core/gcsc/op-stats.ts';
import type { Counts } from '../../src/core/metrics/profile.ts';
import { findProfile } from '../../src/core/metrics/registry.ts';
import { cli } from './run-cli.ts';

// Constructed teaching examples: fixed (e1), missed or rewritten (e2), over-corrected or kept (c1).
let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-rows-'));
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n');
  writeFileSync(file('bert.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\nc1\t订单周二发出。\n');
  writeFileSync(file('llm.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经寄出了。\nc1\t订单周三发出。\n');
});

const METRICS = 'cscd,realise,lemon,sighan,levenshtein,proofread,cherrant,gcsc,ops';

describe('csc-studio eval --rows', { timeout: 60_000 }, () => {
  it('writes one JSON line per system and sentence whose counts sum to the report', async () => {
    const rows = file('rows.jsonl');
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `bert=${file('bert.tsv')}`, '--pred', `llm=${file('llm.tsv')}`, '--metrics', METRICS, '--judge', 'exact', '--rows', rows);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    const records = readFileSync(rows, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((x) => `${x['system']}/${x['id']}`)).toEqual(['bert/e1', 'bert/e2', 'bert/c1', 'llm/e1', 'llm/e2', 'llm/c1']);
    expect(Object.keys(records[0]!)).toEqual(['system', 'id', 'source', 'reference', 'prediction', 'labels', ...METRICS.split(',')]);
    // The two scripts' per-row report labels; CSCD-NS lists no fixed row and cannot score a length change.
    expect(records.map((x) => x['labels'])).toEqual([
      { cscd_ns: null, simple_csc: '正确' },
      { cscd_ns: '漏纠', simple_csc: '漏纠' },
      { cscd_ns: '过纠', simple_csc: '过纠' },
      { cscd_ns: null, simple_csc: '正确' },
      { cscd_ns: null, simple_csc: '综合' },
      { cscd_ns: null, simple_csc: '正确' },
    ]);
    // The CSCD-NS / simple-csc per-row labels, by hand: bert fixes e1, misses e2, over-corrects c1.
    expect(records.slice(0, 3).map((x) => (x['cscd'] as { verdict: string }).verdict)).toEqual(['correct', 'missed', 'over-corrected']);
    // llm's e2 changes the length: cscd refused the system, so its records carry no cscd part.
    expect(records.slice(3).some((x) => 'cscd' in x)).toBe(false);
    expect(report.systems.llm.cscd.error).toMatch(/e2/);

    for (const system of ['bert', 'llm']) {
      const own = records.filter((x) => x['system'] === system);
      for (const profile of METRICS.split(',')) {
        const outcome = report.systems[system][profile];
        if ('error' in outcome) continue;
        const totals: Counts = {};
        for (const record of own) {
          const part = record[profile] as Record<string, unknown>;
          const counts = (profile === 'gcsc' ? part['counts'] : part) as Record<string, unknown>;
          for (const [k, v] of Object.entries(counts)) if (typeof v === 'number') totals[k] = (totals[k] ?? 0) + v;
        }
        const values =
          profile === 'gcsc' ? summarizeGcsc(totals).values : profile === 'ops' ? summarizeOps(totals, true).values : findProfile(profile)!.summarize(totals).values;
        expect(values, `${system} / ${profile}`).toEqual(outcome);
      }
    }
  });

  it('treats an empty --metrics as a usage error, not as the defaults', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', '');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--metrics names no profile/);
    expect(r.stdout).toBe('');
  });

  it('refuses a threshold for a judge that has none', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'gcsc', '--judge', 'exact', '--threshold', '0.5');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--threshold 0\.5: only a model judge has a threshold, not "exact"/);
  });

  it('refuses an LLM judge off this machine before scoring anything', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'cscd,gcsc', '--judge', 'llm:http://example.com/v1/chat/completions');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/only an endpoint on this machine/);
    expect(r.stderr).not.toMatch(/warning:/);
  });
});
