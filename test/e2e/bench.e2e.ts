/**
 * A hosted benchmark end to end (issue 28), on the test build with a second benchmark added by `csc-studio site
 * add-dataset` (as a host would, into the built site's datasets/): the link opens it, a dropped prediction file is
 * ranked with the numbers `csc-studio eval` and `compare` give for the same files, the result card's command line
 * gives them again, the built-in benchmark works offline after one visit, and a tampered file is refused by name.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page, RequestLog } from './browser.ts';
import { DEFAULT_DIST, launchApp, REPO_ROOT } from './browser.ts';
import { tab } from './steps.ts';
import { SAMPLE_ROWS, sampleFiles } from '../../src/sample/sample.ts';
import { TOOL_VERSION } from '../../src/core/version.ts';
import { en } from '../../src/ui/shared/i18n/en.ts';

const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');
const BENCH = 'teaching-bench';
/** The link asks for a metric other than the benchmark's own (gcsc.S_C_f1). */
const KEY = 'C_C_f1';
/** The reference for the first 30 sentences, the source for the rest (constructed: every change is right). */
const MINE = ['id\tprediction', ...SAMPLE_ROWS.map((r, i) => `${r.id}\t${i < 30 ? r.reference : r.source}`)].join('\n') + '\n';

const cli = (args: string[], cwd = REPO_ROOT) => execFileSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });

/** The built site, every entry linked but datasets/, which is copied (add-dataset writes into it). */
function siteCopy(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'csc-bench-site-'));
  for (const entry of readdirSync(DEFAULT_DIST)) {
    if (entry === 'datasets') cpSync(path.join(DEFAULT_DIST, entry), path.join(root, entry), { recursive: true });
    else symlinkSync(path.join(DEFAULT_DIST, entry), path.join(root, entry));
  }
  return root;
}

/** The sample's files in a scratch folder, and a site copy with them added as BENCH by `site add-dataset`. */
function publishedSite(): { work: string; site: string } {
  const work = mkdtempSync(path.join(tmpdir(), 'csc-bench-e2e-'));
  for (const f of sampleFiles()) writeFileSync(path.join(work, f.name), f.text);
  writeFileSync(path.join(work, 'mine.tsv'), MINE);
  const site = siteCopy();
  const [test, ...preds] = sampleFiles();
  const baselines = preds.flatMap((p) => ['--pred', `${p.system}=${path.join(work, p.name)}`]);
  cli(['site', 'add-dataset', '--test', path.join(work, test!.name), ...baselines, '--name', BENCH, '--licence', 'CC BY 4.0', '--cite', 'CSC Studio maintainers (2026)', '--pred-cite', 'bert-like=Made up (2026)', '--out', path.join(site, 'datasets')]);
  return { work, site };
}

async function downloaded(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

interface Row {
  system: string;
  value: number;
  ci: number[];
  pHolm: number | null;
  significant: string;
}

async function leaderboardRows(page: Page): Promise<Row[]> {
  return page.getByTestId('lb-row').evaluateAll((rows) =>
    rows.map((r) => {
      const d = (r as HTMLElement).dataset;
      return { system: d['system']!, value: Number(d['value']), ci: d['ci']!.split(' ').map(Number), pHolm: d['pHolm'] ? Number(d['pHolm']) : null, significant: d['significant']! };
    }),
  );
}

/** Drops `file` as the visitor's predictions and waits for the leaderboard it opens. */
async function addPredictions(page: Page, file: string, systems: number): Promise<void> {
  await page.getByTestId('pick-files').setInputFiles(file);
  await expect.poll(() => page.getByTestId('import-status').textContent(), { timeout: 30_000 }).toMatch(/Ready: 3 systems/);
  await page.getByTestId('import-button').click();
  await page.getByTestId('lb-table').waitFor({ timeout: 300_000 });
  await expect.poll(() => page.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(systems);
  expect(await page.getByRole('tab', { name: en.tabs['leaderboard']! }).getAttribute('aria-selected')).toBe('true');
}

describe('a hosted benchmark', () => {
  let work: string;
  let site: string;
  let app: AppBrowser;
  let page: Page;
  let requests: RequestLog;
  const benchDir = () => path.join(site, 'datasets', BENCH);

  beforeAll(async () => {
    ({ work, site } = publishedSite());
    app = await launchApp({ root: site });
    requests = app.collectRequests();
    page = await app.openApp(`#bench=${BENCH}&metric=gcsc.${KEY}`);
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  afterAll(async () => {
    await app?.close();
    for (const d of [work, site]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('the link opens the benchmark on the Data tab: its test set and baselines staged and checked', async () => {
    const staged = page.getByTestId('bench-staged');
    await staged.waitFor({ timeout: 30_000 });
    expect(await staged.locator('p').first().textContent()).toBe(en.bench.staged(BENCH, 2));
    expect(await page.getByTestId('bench-file').count()).toBe(3);
    expect(await page.getByRole('tab', { name: en.tabs['data']! }).getAttribute('aria-selected')).toBe('true');
    // The site's benchmarks are listed with their licence and citation.
    const card = page.locator(`[data-testid="bench-card"][data-bench="${BENCH}"]`);
    expect(await card.getByTestId('bench-licence').textContent()).toBe('CC BY 4.0');
    expect(await card.getByTestId('bench-citation').textContent()).toBe('CSC Studio maintainers (2026)');
  });

  let rows: Row[] = [];
  it('a dropped prediction file is ranked among the baselines with the numbers of csc-studio eval and compare', async () => {
    await addPredictions(page, path.join(work, 'mine.tsv'), 3);
    expect(await page.getByTestId('lb-metric').inputValue()).toBe(`gcsc.${KEY}`);
    rows = await leaderboardRows(page);
    const args = ['--test', path.join(benchDir(), `${BENCH}.tsv`), '--pred', `mine=${path.join(work, 'mine.tsv')}`, '--pred', `bert-like=${path.join(benchDir(), 'systems/bert-like.tsv')}`, '--pred', `llm-like=${path.join(benchDir(), 'systems/llm-like.tsv')}`, '--metrics', 'gcsc', '--judge', 'exact'];
    const report = JSON.parse(cli(['eval', ...args, '--ci'])) as { systems: Record<string, { gcsc: Record<string, number> }>; intervals: Record<string, { gcsc: Record<string, number[]> }> };
    const byValue = Object.keys(report.systems).sort((a, b) => report.systems[b]!.gcsc[KEY]! - report.systems[a]!.gcsc[KEY]!);
    expect(rows.map((r) => r.system)).toEqual(byValue);
    for (const r of rows) {
      expect(r.value).toBe(report.systems[r.system]!.gcsc[KEY]);
      expect(r.ci).toEqual(report.intervals[r.system]!.gcsc[KEY]);
    }
    // Holm over the visitor's two comparisons, each as compare reports the pair with the visitor's system first.
    const compare = JSON.parse(cli(['compare', ...args, '--keys', 'all'])) as { comparisons: { a: string; b: string; key: string; p_randomization: number; delta: number }[] };
    const pairs = ['bert-like', 'llm-like'].map((b) => compare.comparisons.find((c) => c.a === 'mine' && c.b === b && c.key === KEY)!);
    const [lo, hi] = pairs[0]!.p_randomization <= pairs[1]!.p_randomization ? [0, 1] : [1, 0];
    const holm: number[] = [];
    holm[lo] = Math.min(1, 2 * pairs[lo]!.p_randomization);
    holm[hi] = Math.max(holm[lo]!, pairs[hi]!.p_randomization);
    ['bert-like', 'llm-like'].forEach((name, i) => {
      const row = rows.find((r) => r.system === name)!;
      expect(row.pHolm).toBeCloseTo(holm[i]!, 12);
      expect(row.significant).toBe(String(holm[i]! < 0.05 && pairs[i]!.delta !== 0));
    });
    expect(rows.find((r) => r.system === 'mine')!.significant).toBe('');
  });

  it('the result card: an SVG and a PNG of the leaderboard, and a JSON whose command gives the same numbers', async () => {
    const svg = await downloaded(page, 'card-svg');
    expect(svg.name).toBe(`${BENCH}-gcsc.${KEY}.svg`);
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*mine \(yours\)[\s\S]*<\/svg>\n$/);
    const png = await downloaded(page, 'card-png');
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const card = JSON.parse((await downloaded(page, 'card-json')).bytes.toString('utf8'));
    const manifest = JSON.parse(readFileSync(path.join(benchDir(), 'manifest.json'), 'utf8'));
    expect(card.tool).toEqual({ name: 'csc-studio', version: TOOL_VERSION });
    expect(card.benchmark).toMatchObject({ name: BENCH, fingerprint: manifest.fingerprint, rows: 64, licence: 'CC BY 4.0' });
    expect(card.profiles).toEqual(manifest.profiles);
    expect(card.judge).toMatchObject({ judge: 'exact' });
    expect(card.metric).toEqual({ profile: 'gcsc', key: KEY });
    const predArgs = rows.map((r) => `--pred ${r.system}=${r.system === 'mine' ? 'mine.tsv' : `systems/${r.system}.tsv`}`).join(' ');
    expect(card.reproduce).toBe(`csc-studio eval --test ${BENCH}.tsv ${predArgs} --metrics gcsc --judge exact --ci --resamples 1000 --seed 1`);
    // Run in the benchmark's folder with the visitor's file beside it, the command gives the card's numbers.
    cpSync(path.join(work, 'mine.tsv'), path.join(benchDir(), 'mine.tsv'));
    const again = JSON.parse(cli((card.reproduce as string).split(' ').slice(1), benchDir()));
    for (const s of card.systems as { system: string; value: number; ci: number[] }[]) {
      expect(again.systems[s.system].gcsc[KEY]).toBe(s.value);
      expect(again.intervals[s.system].gcsc[KEY]).toEqual(s.ci);
    }
    expect(requests.offOrigin()).toEqual([]);
  });

  it('works offline after one visit: the built-in benchmark opens and scores a dropped file with no network', async () => {
    const cached = () =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return -1;
        return (await (await caches.open('csc-studio-datasets')).keys()).length;
      });
    // index.json, the sample's manifest and its three files (cached at install); the second benchmark's, cached when used.
    await expect.poll(cached, { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(5 + 4);
    await app.setOffline(true);
    const servedBefore = app.server.served.length;
    await app.server.close();
    // A fresh load each time (a changed fragment alone would not reload the page).
    await page.goto('about:blank');
    await page.goto(`${app.url}#bench=sample-teaching-set&metric=gcsc.${KEY}`, { waitUntil: 'load' });
    await page.getByTestId('bench-staged').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('bench-staged').locator('p').first().textContent()).toBe(en.bench.staged('sample-teaching-set', 2));
    await addPredictions(page, path.join(work, 'mine.tsv'), 3);
    expect((await leaderboardRows(page)).map((r) => r.value)).toEqual(rows.map((r) => r.value));
    // The first benchmark is still there, stored in this browser, with its leaderboard.
    await page.goto('about:blank');
    await page.goto(`${app.url}#bench=${BENCH}`, { waitUntil: 'load' });
    await page.getByTestId('bench-staged').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('bench-staged').locator('p').first().textContent()).toBe(en.bench.stagedStored(BENCH));
    await tab(page, en.tabs['leaderboard']!);
    await expect.poll(() => page.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(3);
    expect(app.server.served.slice(servedBefore)).toEqual([]);
  });
});

describe('a tampered benchmark', () => {
  let site: string;
  let work: string;
  let app: AppBrowser;

  beforeAll(async () => {
    ({ work, site } = publishedSite());
    // One character of a baseline changed after publishing (same size): only its sha-256 tells.
    const file = path.join(site, 'datasets', BENCH, 'systems/llm-like.tsv');
    writeFileSync(file, readFileSync(file, 'utf8').replace('高兴', '高心'));
    app = await launchApp({ root: site });
  });

  afterAll(async () => {
    await app?.close();
    for (const d of [work, site]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('is refused by name; nothing is staged or stored', async () => {
    const page = await app.openApp(`#bench=${BENCH}`);
    const refused = page.getByTestId('bench-refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toBe(en.bench.refused['hash']!(`${BENCH}/systems/llm-like.tsv`));
    expect(await page.getByTestId('bench-staged').count()).toBe(0);
    expect(await page.getByTestId('staged-file').count()).toBe(0);
    expect(await page.getByTestId('dataset-card').count()).toBe(0);
  });
});
