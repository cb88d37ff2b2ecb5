/**
 * The app end to end, in headless Chromium against the built page (tmp/e2e-dist, served under /sub/path/ with
 * COOP/COEP): load the sample, import a shared-data pair from disk, run Eval-CSC and Eval-GCSC, compare every
 * number with the CLI's for the same files, reload and find everything, export, cancel and resume, explore, and
 * check that no request left the origin. Run with `npm run test:e2e` (builds first).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page, RequestLog } from './browser.ts';
import { launchApp, REPO_ROOT } from './browser.ts';
import { loadSample, openAt, runFromUi, tab } from './steps.ts';
import { sampleFiles } from '../../src/sample/sample.ts';

const SHARED = process.env['CSC_SHARED_DATA'] ?? path.resolve(REPO_ROOT, '../shared/data');
const SIGHAN = path.join(SHARED, 'sighan15');
const haveDefaultModel = existsSync(path.join(REPO_ROOT, 'models/default/manifest.json'));
const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');

/** `csc-studio eval … --format FORMAT` as the user would run it. */
function cli(args: string[], format: 'json' | 'csv' | 'md' = 'json'): string {
  return execFileSync(process.execPath, [CLI, 'eval', ...args, '--format', format], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
}

async function downloadText(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

describe('CSC Studio in the browser', () => {
  let app: AppBrowser;
  let page: Page;
  let requests: RequestLog;
  let work: string;

  beforeAll(async () => {
    // The shared-data pair is part of the spec: without it the suite fails rather than skips.
    if (!existsSync(path.join(SIGHAN, 'test.tsv'))) throw new Error(`shared data not found at ${SHARED}; set CSC_SHARED_DATA`);
    work = mkdtempSync(path.join(tmpdir(), 'csc-app-e2e-'));
    app = await launchApp();
    requests = app.collectRequests();
    page = await openAt(app, 1400, 1000);
    await page.getByTestId('load-sample').waitFor();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('loads the built-in sample in one click and scores it as the CLI does', async () => {
    await loadSample(page);
    await runFromUi(page, 'exact');

    // The same sample as files on disk, through the CLI.
    const files = sampleFiles().map((f) => {
      const file = path.join(work, f.name);
      writeFileSync(file, f.text);
      return { ...f, file };
    });
    const expected = JSON.parse(
      cli(['--test', files[0]!.file, ...files.slice(1).map((f) => ['--pred', `${f.system}=${f.file}`]).flat(), '--judge', 'exact']),
    ) as Record<string, unknown>;
    await tab(page, 'Dashboard');
    const got = JSON.parse((await downloadText(page, 'export-json')).text) as Record<string, unknown>;
    expect(got).toEqual(expected);
  });

  it('imports a test set and a system from disk, showing what was detected', async () => {
    await tab(page, 'Data');
    await page.getByTestId('pick-files').setInputFiles([path.join(SIGHAN, 'test.tsv'), path.join(SIGHAN, 'pred/synth-llm.tsv')]);
    await expect.poll(() => page.getByTestId('staged-file').count()).toBe(2);
    await expect.poll(() => page.getByTestId('staged-file').getByTestId('detected-rows').allTextContents()).toEqual(['1,100', '1,100']);
    await expect.poll(() => page.getByTestId('import-status').textContent()).toMatch(/Ready: 1 system/);
    await page.getByTestId('import-button').click();
    await expect.poll(() => page.getByTestId('dataset-card').count()).toBe(2);
    await expect.poll(() => page.getByTestId('dataset-select').locator('option:checked').textContent()).toContain('test (1100)');
  });

  it('refuses invalid files with file, line and problem, storing nothing', async () => {
    const bad = path.join(work, 'bad-pred.tsv');
    writeFileSync(bad, 'id\tprediction\nA2-0011-1\t你好\nnot-an-id\t多余\n');
    await page.getByTestId('pick-files').setInputFiles([path.join(SIGHAN, 'test.tsv'), bad]);
    await expect.poll(() => page.getByTestId('file-issues').first().textContent()).toMatch(/no prediction for id|not in the test set/);
    await expect(page.getByTestId('import-button').isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Clear all' }).click();
    expect(await page.getByTestId('dataset-card').count()).toBe(2);
  });

  let cliJson: Record<string, unknown>;
  it('runs Eval-CSC and Eval-GCSC (exact judge): the JSON export equals the CLI report', async () => {
    await runFromUi(page, 'exact');
    cliJson = JSON.parse(
      cli(['--test', path.join(SIGHAN, 'test.tsv'), '--pred', `synth-llm=${path.join(SIGHAN, 'pred/synth-llm.tsv')}`, '--judge', 'exact']),
    ) as Record<string, unknown>;
    await tab(page, 'Dashboard');
    const got = await downloadText(page, 'export-json');
    expect(got.name).toMatch(/\.json$/);
    expect(JSON.parse(got.text)).toEqual(cliJson);
    await expect.poll(() => page.getByTestId('judge-info').textContent()).toMatch(/exact match/);
  });

  it('exports CSV (BOM, CLI table), Markdown and per-sentence CSV', async () => {
    const csv = await downloadText(page, 'export-csv');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const cliCsv = cli(['--test', path.join(SIGHAN, 'test.tsv'), '--pred', `synth-llm=${path.join(SIGHAN, 'pred/synth-llm.tsv')}`, '--judge', 'exact'], 'csv');
    expect(csv.text.slice(1)).toBe(cliCsv);
    expect(csv.text).toContain('proofread,rates.changed_clean_rate,0.4857');

    const md = await downloadText(page, 'export-md');
    expect(md.text).toContain('| profile | metric | synth-llm |');
    // The judge is named in every export.
    expect(csv.text).toContain('judge,kind,exact\r\n');
    expect(md.text).toContain('Eval-GCSC judge: exact match (no model)');

    const sentences = await downloadText(page, 'export-sentences');
    const lines = sentences.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,system,category,verdict,gcsc_correct,gcsc_judge,unequal_length,source,reference,prediction');
    expect(lines).toHaveLength(1101);
    expect(lines[2]).toMatch(/^A2-0023-1,synth-llm,error,corrected,yes,exact match \(no model\),no,/);

    const html = await downloadText(page, 'export-html');
    expect(html.text).toContain('c2d8ebd48b242f2bd3a4bee3c9f9fb93a53e453bd34a4c95f2d2d7795268e74f');
    expect(html.text).toContain('Metric definitions');
    expect(html.text).toContain('exact match (no model)');
    expect(html.text).not.toMatch(/<script/i);
  });

  it('explores sentences: filters, search and the detail view', async () => {
    await tab(page, 'Sentences');
    const rates = (cliJson['systems'] as Record<string, Record<string, { counts: Record<string, number> }>>)['synth-llm']!['proofread']!.counts;
    await page.getByTestId('filter-changed_clean').click();
    await expect.poll(() => page.getByTestId('explorer-count').textContent()).toBe(`${rates['changed_clean']} of 1,100 sentences`);
    await page.getByTestId('filter-all').click();
    await page.getByTestId('explorer-search').fill('A2-0023-1');
    await expect.poll(() => page.getByTestId('explorer-count').textContent()).toBe('1 of 1,100 sentences');
    await page.getByTestId('sentence-row').first().click();
    await expect.poll(() => page.getByTestId('gcsc-verdict').textContent()).toMatch(/is corrected/);
    await expect.poll(() => page.getByTestId('profile-verdicts').textContent()).toContain('right (TP)');
    // Keyboard: the list moves with the arrow keys.
    await page.getByTestId('explorer-search').fill('');
    await page.getByTestId('virtual-list').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByTestId('sentence-detail').locator('code').first().textContent()).not.toBe('A2-0023-1');
  });

  it('finds everything again after a reload', async () => {
    await tab(page, 'Dashboard');
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('metrics-table').waitFor();
    expect(await page.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    const got = JSON.parse((await downloadText(page, 'export-json')).text);
    expect(got).toEqual(cliJson);
    await tab(page, 'Data');
    expect(await page.getByTestId('dataset-card').count()).toBe(2);
  });

  it('cancels a run, keeps what finished, and resumes it', async () => {
    await tab(page, 'Run');
    const before = await page.getByTestId('run-row').count();
    const toggle = page.getByTestId('gcsc-toggle');
    if (!(await toggle.isChecked())) await toggle.click();
    await page.getByTestId('judge-select').selectOption('exact');
    await page.getByTestId('start-run').click();
    await page.getByTestId('cancel-run').click();
    await page.getByTestId('run-progress').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('run-status').nth(before).textContent()).toBe('cancelled');
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/Cancelled/);
    await page.getByTestId('resume-run').click();
    await expect.poll(() => page.getByTestId('run-status').nth(before).textContent(), { timeout: 120_000 }).toBe('done');
    // Deleting it leaves the others.
    await page.getByTestId('run-row').nth(before).getByTestId('delete-run').click();
    await page.getByTestId('run-row').nth(before).getByTestId('delete-run').click();
    await expect.poll(() => page.getByTestId('run-row').count()).toBe(before);
  });

  it('a run interrupted by a reload is found interrupted and can be resumed', async () => {
    await tab(page, 'Run');
    const before = await page.getByTestId('run-row').count();
    const toggle = page.getByTestId('gcsc-toggle');
    if (!(await toggle.isChecked())) await toggle.click();
    await page.getByTestId('judge-select').selectOption('exact');
    await page.getByTestId('start-run').click();
    await page.getByTestId('run-progress').waitFor();
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/1 run was interrupted/);
    await tab(page, 'Run');
    await expect.poll(() => page.getByTestId('run-status').nth(before).textContent()).toBe('interrupted');
    await page.getByTestId('resume-run').click();
    await expect.poll(() => page.getByTestId('run-status').nth(before).textContent(), { timeout: 120_000 }).toBe('done');
    await tab(page, 'Dashboard');
    expect(JSON.parse((await downloadText(page, 'export-json')).text)).toEqual(cliJson);
  });

  it('loads the default model while the page is idle; switched off, a reload loads nothing until it is switched on', async () => {
    const state = () => page.getByTestId('model-preparation').getAttribute('data-state');
    await tab(page, 'Run');
    await expect.poll(() => page.getByTestId('judge-select').inputValue()).toMatch(/:default$/);
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');
    await expect(page.getByTestId('model-preparation').textContent()).resolves.toContain('The model is loaded.');

    await page.getByTestId('prepare-toggle').uncheck();
    await page.reload();
    await tab(page, 'Run');
    await expect.poll(() => page.getByTestId('judge-select').inputValue()).toMatch(/:default$/);
    expect(await page.getByTestId('prepare-toggle').isChecked()).toBe(false);
    // The idle callback fires within 2 s of the page's start (its timeout): nothing began.
    await page.waitForTimeout(3000);
    expect(await state()).toBe('idle');
    await page.getByTestId('prepare-toggle').check();
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');
  });

  it('judges with an embedding model from the site list: model and threshold stated, embeddings cached', async () => {
    await tab(page, 'Run');
    const options = await page.getByTestId('judge-select').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const tiny = options.find((v) => v.endsWith('test/tiny-bert-cls'));
    expect(tiny, 'the test build lists the tiny test models').toBeDefined();
    await page.getByTestId('judge-select').selectOption(tiny!);
    await expect.poll(() => page.getByTestId('threshold').inputValue()).toBe('0.9');
    // Chosen, it loads before Start; the run below then judges with the model loaded ahead.
    await expect.poll(() => page.getByTestId('model-preparation').getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    await runFromUi(page, tiny!);
    await tab(page, 'Dashboard');
    await expect.poll(() => page.getByTestId('judge-info').textContent()).toMatch(/model “tiny-bert-cls” · threshold 0\.9/);
    const got = JSON.parse((await downloadText(page, 'export-json')).text) as { gcsc: Record<string, unknown>; systems: Record<string, Record<string, Record<string, number | null>>> };
    const expected = JSON.parse(
      cli(['--test', path.join(SIGHAN, 'test.tsv'), '--pred', `synth-llm=${path.join(SIGHAN, 'pred/synth-llm.tsv')}`, '--judge', 'model:models/test/tiny-bert-cls']),
    ) as typeof got;
    expect(got.gcsc['threshold']).toBe(0.9);
    expect(got.gcsc['operations']).toBe(expected.gcsc['operations']);
    for (const [key, value] of Object.entries(expected.systems['synth-llm']!['gcsc']!)) {
      // onnxruntime-web and -node agree to float precision; a cosine right at the threshold could still flip.
      if (typeof value === 'number') expect(Math.abs((got.systems['synth-llm']!['gcsc']![key] as number) - value), key).toBeLessThanOrEqual(0.5);
    }
    // The cache is written a few seconds after the run (run-worker-api's AFTER_JOB_DELAY_MS); the Workspace tab
    // counts it when it opens, so it is opened again until the count is there.
    await expect
      .poll(
        async () => {
          await tab(page, 'Data');
          await tab(page, 'Workspace');
          return page.getByText(/cached embeddings?\./).textContent();
        },
        { timeout: 30_000 },
      )
      .not.toMatch(/^0 /);
  });

  it('exports the workspace and imports it into a fresh browser', async () => {
    await tab(page, 'Workspace');
    const file = path.join(work, 'workspace.json');
    writeFileSync(file, (await downloadText(page, 'export-workspace')).text);
    const other = await launchApp();
    try {
      const fresh = await other.openApp();
      await fresh.getByTestId('load-sample').waitFor();
      await fresh.getByRole('tab', { name: 'Workspace' }).click();
      await fresh.getByTestId('import-workspace').setInputFiles(file);
      await expect.poll(() => fresh.getByTestId('notice').textContent()).toMatch(/Imported 2 datasets/);
      await fresh.getByRole('tab', { name: 'Data' }).click();
      expect(await fresh.getByTestId('dataset-card').count()).toBe(2);
    } finally {
      await other.close();
    }
  });

  it.skipIf(!haveDefaultModel)('runs Eval-GCSC with the default model, as the CLI does', async () => {
    await tab(page, 'Run');
    const value = await page.getByTestId('judge-select').locator('option', { hasText: 'default' }).getAttribute('value');
    await runFromUi(page, value!, 590_000);
    await tab(page, 'Dashboard');
    const got = JSON.parse((await downloadText(page, 'export-json')).text) as { systems: Record<string, Record<string, Record<string, number | null>>> };
    const expected = JSON.parse(
      cli(['--test', path.join(SIGHAN, 'test.tsv'), '--pred', `synth-llm=${path.join(SIGHAN, 'pred/synth-llm.tsv')}`, '--judge', 'model:default']),
    ) as typeof got;
    for (const [key, value] of Object.entries(expected.systems['synth-llm']!['gcsc']!)) {
      const mine = got.systems['synth-llm']!['gcsc']![key]!;
      // Float differences between onnxruntime-web and -node may flip a decision right at the threshold.
      if (typeof value === 'number') expect(Math.abs((mine as number) - value)).toBeLessThanOrEqual(1);
    }
  }, 600_000);

  it('sent no request beyond its own origin', () => {
    expect(requests.offOrigin()).toEqual([]);
    expect(app.console.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });
});
