/**
 * `npm run bench:app`: the page against the CLI on the same files, in the same run.
 *  1. SIGHAN15 × 4 systems, every default profile + Eval-GCSC with the default model (target: page ≤ 1.5× CLI):
 *     the first run of a page that has loaded the default model while it was open (the page does that once it is
 *     idle: Preparation), and, for comparison, a fresh page with that switched off (the model loads in the run);
 *  2. 20,000 rows × 2 systems (SIGHAN15 repeated with new ids), exact judge (target: page ≤ 1.5× CLI);
 *  3. the longest main-thread task during the page's runs (a `longtask` observer; target < 200 ms);
 *  4. a real-size encoder (bge-small's shape, int8) on 5,000 rows, page against CLI, and the page's embedding
 *     against onnxruntime-web alone (app-encoders.ts). `npm run bench:app -- encoders` runs only this part;
 *  5. the longest main-thread task while files are staged for import (read and validated in the staging worker):
 *     a test set and 3 systems of about 4 MB, and a test set of about 30 MB (target < 200 ms).
 * Page: headless Chromium on the test build (`CSC_TEST_MODELS=1 vite build --outDir tmp/e2e-dist`, made here, with
 * the benchmarks' real-size models published as bench/<name>), timed from "Start" to the stored run. CLI: `src/cli/bin.js eval` as a child process
 * (Node start-up and model load included, as the page's model load is). Benchmarks print; they never assert.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchApp, REPO_ROOT, type Page } from '../e2e/browser.ts';
import { PREPARE_SETTING_KEY } from '../../src/ui/run/preparation.svelte.ts';
import { printTable, sharedData } from './harness.ts';
import { encoderRows } from './app-encoders.ts';
import { stagingLongestTask } from './app-staging.ts';
import { BENCH_MODELS, benchModel } from './encoders.ts';

const only = process.argv.slice(2);
if (only.some((o) => o !== 'encoders')) throw new Error(`unknown part ${only.join(' ')}: run all, or only "encoders"`);
// The test build, with the bge-small-shaped model (built now when missing) as site model bench/bge-small.
const haveEncoder = benchModel('bge-small') !== null;
const build = spawnSync('npx', ['vite', 'build', '--outDir', 'tmp/e2e-dist', '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: REPO_ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, CSC_TEST_MODELS: '1', ...(haveEncoder ? { CSC_BENCH_MODELS: BENCH_MODELS } : {}) },
});
if (build.status !== 0) throw new Error('the test build failed');

const sighan = path.join(sharedData(), 'sighan15');
const testFile = path.join(sighan, 'test.tsv');
const systems = ['identity', 'oracle', 'synth-eq', 'synth-llm'];
const predFile = (s: string) => path.join(sighan, 'pred', `${s}.tsv`);
const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');
const work = mkdtempSync(path.join(tmpdir(), 'csc-bench-app-'));

/** SIGHAN15 repeated to `rows` rows, ids made unique (`<id>#<copy>`); the systems' outputs follow. */
function repeated(rows: number, names: string[]): { test: string; preds: string[] } {
  const read = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n');
  const [header, ...body] = read(testFile);
  const grow = (lines: string[]) => Array.from({ length: rows }, (_, i) => lines[i % lines.length]!.replace(/^[^\t]*/, (id) => `${id}#${Math.floor(i / lines.length)}`));
  const test = path.join(work, 'sighan15-x20k.tsv');
  writeFileSync(test, [header, ...grow(body)].join('\n') + '\n');
  const preds = names.map((name) => {
    const [h, ...lines] = read(predFile(name));
    const file = path.join(work, `${name}.tsv`);
    writeFileSync(file, [h, ...grow(lines)].join('\n') + '\n');
    return file;
  });
  return { test, preds };
}

function cliSeconds(test: string, preds: string[], judge: string): number {
  // Cold, as the page's first run: no embedding cache from an earlier run.
  const args = [CLI, 'eval', '--test', test, ...preds.flatMap((p) => ['--pred', `${path.basename(p, '.tsv')}=${p}`]), '--judge', judge, '--embedding-cache', 'off', '--output', path.join(work, 'cli.json')];
  const t0 = performance.now();
  execFileSync(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 64 << 20 });
  return (performance.now() - t0) / 1000;
}

/** On the Run tab, with a model judge chosen: waits until the page has loaded it ahead (at once when that is off). */
async function modelPrepared(page: Page): Promise<void> {
  if (await page.getByTestId('prepare-toggle').isChecked()) await page.locator('[data-testid="model-preparation"][data-state="ready"]').waitFor({ timeout: 120_000 });
}

/** CPU time (clock ticks) of every Chromium process so far; undefined without /proc. */
function chromiumTicks(): number | undefined {
  let procs: string[];
  try {
    procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of procs) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).includes('chrom')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended
    }
  }
  return ticks;
}

/**
 * Waits until the browser has been idle for half a second (background compiles after the model's warm-up can
 * run for seconds): the CLI must not share the machine with the page, or its time and the ratio are off.
 */
async function browserIdle(): Promise<void> {
  const started = performance.now();
  const deadline = started + 60_000;
  let last = chromiumTicks();
  if (last === undefined) return new Promise((resolve) => setTimeout(resolve, 5000));
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = chromiumTicks()!;
    // Under 5% of one core over the half second (clock ticks are 10 ms).
    if (now - last <= 2) break;
    last = now;
  }
  console.log(`(the browser was idle after ${((performance.now() - started) / 1000).toFixed(1)} s; the CLI runs now)`);
}

/** Imports the files as a new dataset, runs it with `judge` (an option value of the judge list), returns seconds and the longest task. */
async function pageRun(
  page: Page,
  files: string[],
  judge: (values: string[]) => string,
  beforeStart: () => Promise<void> | void = () => undefined,
): Promise<{ seconds: number; longestTaskMs: number; details: unknown }> {
  await page.getByRole('tab', { name: 'Data' }).click();
  const cards = await page.getByTestId('dataset-card').count();
  await page.getByTestId('pick-files').setInputFiles(files);
  await page.getByTestId('import-button').click();
  await page.getByTestId('dataset-card').nth(cards).waitFor({ timeout: 120_000 });
  await page.getByRole('tab', { name: 'Run' }).click();
  const toggle = page.getByTestId('gcsc-toggle');
  if (!(await toggle.isChecked())) await toggle.click();
  const values = await page.getByTestId('judge-select').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  await page.getByTestId('judge-select').selectOption(judge(values));
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: { start: number; ms: number; stage: string }[]; __end?: number; __stage: string; __observer?: PerformanceObserver; __mutations?: MutationObserver };
    w.__tasks = [];
    delete w.__end;
    w.__observer?.disconnect();
    // Which stage the page showed when the longest task began; the run ends when the bar goes away (seen by a
    // MutationObserver at once: later tasks, the dashboard opening, are not the run's).
    w.__stage = 'before the progress bar shows';
    w.__mutations?.disconnect();
    // (An inline callback: a named function here would need a helper the page does not have.)
    w.__mutations = new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="progress-stage"]')?.textContent?.trim();
      if (shown) w.__stage = shown;
      else if (w.__stage !== 'before the progress bar shows' && w.__end === undefined) {
        w.__end = performance.now();
        w.__stage = 'after the run';
      }
    });
    w.__mutations.observe(document.body, { childList: true, subtree: true, characterData: true });
    w.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, ms: e.duration, stage: w.__stage });
    });
    w.__observer.observe({ type: 'longtask' });
  });
  await beforeStart();
  const before = await page.getByTestId('run-row').count();
  const t0 = performance.now();
  await page.getByTestId('start-run').click();
  await page.getByTestId('run-row').nth(before).waitFor();
  await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 1_200_000 });
  const seconds = (performance.now() - t0) / 1000;
  // Read at the run's end: what the dashboard does afterwards is not part of the run.
  const { longestTaskMs, longestAt } = await page.evaluate(() => {
    const w = window as unknown as { __tasks: { start: number; ms: number; stage: string }[]; __end?: number };
    const during = w.__tasks.filter((t) => w.__end === undefined || t.start < w.__end);
    const longest = during.reduce((a, t) => (t.ms > a.ms ? t : a), { start: 0, ms: 0, stage: 'none' });
    return { longestTaskMs: longest.ms, longestAt: longest.stage };
  });
  await page.getByRole('tab', { name: 'Run' }).click();
  const row = page.getByTestId('run-row').nth(before);
  const status = await row.getByTestId('run-status').textContent();
  if (status !== 'done') throw new Error(`the page's run ended "${status}"`);
  // The model's backend and load timings, as the run stored them (the run log's details).
  const details = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('csc-studio');
        open.onsuccess = () => {
          const all = open.result.transaction('runs').objectStore('runs').getAll();
          all.onsuccess = () => {
            const runs = (all.result as { createdAt: number; gcsc?: { details?: Record<string, unknown> } }[]).sort((a, b) => a.createdAt - b.createdAt);
            const d = runs.at(-1)?.gcsc?.details;
            resolve(d ? { backend: d['backend'], threads: d['threads'], graph: d['graph'], loadTimings: d['loadTimings'] } : null);
            open.result.close();
          };
        };
      }),
  );
  console.log(`page run: ${(await row.locator('td').nth(6).textContent())?.trim()}; longest task ${Math.round(longestTaskMs)} ms during "${longestAt}"; model ${JSON.stringify(details)}`);
  return { seconds, longestTaskMs, details };
}

/** Item 5: staging files for import, printed as a table of its own. */
async function stagingRows(page: Page): Promise<void> {
  const staging: (string | number)[][] = [];
  const four = repeated(8_000, ['identity', 'oracle', 'synth-llm']);
  const fourMb = [four.test, ...four.preds].reduce((n, f) => n + readFileSync(f).length, 0) / 1e6;
  const small = await stagingLongestTask(page, [four.test, ...four.preds]);
  staging.push([`test set + 3 systems, ${fourMb.toFixed(1)} MB`, small.seconds, small.longestTaskMs]);
  const large = repeated(102_000, ['oracle']);
  const largeMb = [large.test, ...large.preds].reduce((n, f) => n + readFileSync(f).length, 0) / 1e6;
  const big = await stagingLongestTask(page, [large.test, ...large.preds]);
  staging.push([`test set + 1 system, ${largeMb.toFixed(1)} MB`, big.seconds, big.longestTaskMs]);
  printTable('Staging files for import (read and validated off the main thread; target: longest task < 200 ms)', ['files', 'until ready s', 'longest main-thread task ms'], staging);
}

async function sighanRows(): Promise<(string | number)[][]> {
  const app = await launchApp();
  try {
    const page = await app.openApp();
    const rows: (string | number)[][] = [];
    let longest = 0;

    const sighanPreds = systems.map(predFile);
    const defaultModel = (values: string[]) => values.find((v) => v.endsWith(':default'))!;
    // The CLI runs alone, just before Start: the page has finished loading its model ahead.
    let cliModel = 0;
    const model = await pageRun(page, [testFile, ...sighanPreds], defaultModel, async () => {
      await modelPrepared(page);
      await browserIdle();
      cliModel = cliSeconds(testFile, sighanPreds, 'model:default');
    });
    rows.push(['SIGHAN15 × 4, default model, first run', cliModel, model.seconds, model.seconds / cliModel, model.longestTaskMs]);
    longest = Math.max(longest, model.longestTaskMs);
    // Again: the worker keeps the model, and the embedding cache holds every vector (the CLI starts cold each time).
    const warm = await pageRun(page, [testFile, ...sighanPreds], defaultModel);
    rows.push(['  same, model kept, cache warm', cliModel, warm.seconds, warm.seconds / cliModel, warm.longestTaskMs]);
    longest = Math.max(longest, warm.longestTaskMs);

    const big = repeated(20_000, ['synth-llm', 'synth-eq']);
    await browserIdle();
    const cliBig = cliSeconds(big.test, big.preds, 'exact');
    const page20k = await pageRun(page, [big.test, ...big.preds], () => 'exact');
    rows.push(['20,000 rows × 2, exact judge', cliBig, page20k.seconds, page20k.seconds / cliBig, page20k.longestTaskMs]);
    longest = Math.max(longest, page20k.longestTaskMs);

    // A fresh browser profile with the model's loading ahead switched off: the run loads jieba and the model itself.
    const coldApp = await launchApp();
    try {
      const coldPage = await coldApp.openApp();
      await coldPage.evaluate((key) => localStorage.setItem(key, 'off'), PREPARE_SETTING_KEY);
      await coldPage.reload();
      let cliCold = 0;
      const cold = await pageRun(coldPage, [testFile, ...sighanPreds], defaultModel, async () => {
        await browserIdle();
        cliCold = cliSeconds(testFile, sighanPreds, 'model:default');
      });
      rows.push(['SIGHAN15 × 4, default model, nothing loaded ahead', cliCold, cold.seconds, cold.seconds / cliCold, cold.longestTaskMs]);
      longest = Math.max(longest, cold.longestTaskMs);
    } finally {
      await coldApp.close();
    }

    console.log(`\nlongest main-thread task during the page's runs: ${Math.round(longest)} ms (target < 200 ms)`);
    await stagingRows(page);
    return rows;
  } finally {
    await app.close();
}
}

try {
  const rows = only.length === 0 ? await sighanRows() : [];
  if (haveEncoder) rows.push(...(await encoderRows(work, pageRun, browserIdle)));
  printTable(
    'The page against the CLI (all default profiles + Eval-GCSC; targets: page / CLI ≤ 1.5, bge-small int8 ≤ 2 on WASM, ≤ 1.3 on a GPU)',
    ['run', 'CLI s', 'page s', 'page / CLI', 'longest main-thread task ms'],
    rows,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
