/** Words users read: no internal document names, no Markdown backticks, every profile defined in both languages. */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { AppState } from '../../src/ui/app/app-state.svelte.ts';
import { validateStaged } from '../../src/workers/import/import-files.ts';
import { inThreadRunner } from '../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../src/workers/run-environment.ts';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { htmlReport } from '../../src/ui/dashboard/exports.ts';
import { freshRepo, sampleStaged } from '../db/helpers.ts';
import { en } from '../../src/ui/shared/i18n/en.ts';
import { zh } from '../../src/ui/shared/i18n/zh.ts';
import { PROFILES } from '../../src/core/metrics/registry.ts';

/** Every string of a table: plain strings, and what each function returns for simple arguments. */
function strings(node: unknown, at = ''): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (typeof node === 'function') {
    for (const args of [[1, 2, 3, 4], ['x', 'y', 'z'], [{ datasets: 1, systems: 1, runs: 1, models: 1 }]]) {
      try {
        const out = (node as (...a: unknown[]) => unknown)(...args);
        if (typeof out === 'string') return [[at, out]];
      } catch {
        // another signature: try the next arguments
      }
    }
    return [];
  }
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe.each([
  ['en', en],
  ['zh', zh],
])('the %s strings', (_lang, table) => {
  const all = strings(table);

  test('cite works by author and year, never by an internal "seed" number', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, s]) => /seed\s*0\d\d|种子\s*0\d\d/i.test(s))).toEqual([]);
  });

  test('have no literal backticks', () => {
    expect(all.filter(([, s]) => s.includes('`'))).toEqual([]);
  });

  test('define every profile a report can show', () => {
    const docs = (table as { metricDocs: Record<string, string> }).metricDocs;
    for (const name of [...PROFILES.map((p) => p.name), 'gcsc', 'ops']) expect(docs[name], name).toMatch(/\S{3}/);
  });
});

describe('the printable HTML report', () => {
  test('defines every profile it shows and labels the proofreading legend, not its keys', async () => {
    const app = new AppState(freshRepo(), inThreadRunner(createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() })), undefined);
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    await app.startRun(app.datasetSystems.map((s) => s.id), { spec: { kind: 'exact' } });
    const html = htmlReport(app.run!.report!, app.dataset!, app.run!);
    const defs = [...html.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]);
    const profiles = Object.keys(app.run!.report!.profiles);
    expect(profiles).toEqual(expect.arrayContaining(['cscd', 'cllm', 'cherrant', 'gcsc']));
    for (const p of profiles) expect(defs.find(([name]) => name === p)?.[1], p).toMatch(/\S{10}/);
    // The number table keeps the scripts' keys; the chart's legend shows labels.
    const chart = /<figure class="narrow">[\s\S]*?<\/figure>/.exec(html)![0];
    expect(chart).not.toContain('corrected_rate');
    expect(chart).toContain(`>${en.dashboard.proofreadSeries['corrected_rate']}<`);
  }, 60_000);
});
