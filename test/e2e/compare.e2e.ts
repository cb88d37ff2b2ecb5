/**
 * Issue 12 in the page: load the built-in sample, run Eval-CSC, show the 95% intervals (computed in the stats
 * worker) on the dashboard, slice by gold errors, filter the explorer by "A ✓ B ✗", and run Compare: a plain
 * sentence per key, and a JSON export equal to the CLI's `compare` for the same files, seed and resamples.
 * Reads no shared data. Run with CSC_E2E_DIST=tmp/j-dist (or `npm run test:e2e`, which builds first).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp, REPO_ROOT } from './browser.ts';
import { loadSample, openAt, runFromUi, tab } from './steps.ts';
import { sampleFiles } from '../../src/sample/sample.ts';

const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');

describe('intervals, slices and Compare in the browser', () => {
  let app: AppBrowser;
  let page: Page;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'csc-compare-e2e-'));
    app = await launchApp();
    page = await openAt(app, 1400, 1000);
    await page.getByTestId('load-sample').waitFor();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('runs Eval-CSC on the sample, then shows intervals, slices and sentence sets on the dashboard', async () => {
    await loadSample(page);
    await runFromUi(page, null, 120_000);

    await tab(page, 'Dashboard');
    await page.getByTestId('show-intervals').check();
    await page.getByTestId('overview-intervals').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('error-bar').count()).toBeGreaterThan(0);
    await page.getByTestId('cell-interval').first().waitFor();
    expect(await page.getByTestId('cell-interval').first().textContent()).toMatch(/^\[[\d.]+–[\d.]+\]$/);
    await page.getByTestId('intervals-note').waitFor();

    await page.getByTestId('slice-select').selectOption('errors');
    await page.getByTestId('slice-chart').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('slice-chart').textContent()).toContain('3+');

    expect(await page.getByTestId('sets-row').count()).toBe(1);
    expect(await page.getByTestId('oracle').textContent()).toContain('Oracle');
  });

  it('filters the explorer to the sentences one system corrected and the other did not', async () => {
    await tab(page, 'Sentences');
    await page.getByTestId('explorer-other').selectOption({ label: 'llm-like' });
    const button = page.getByTestId('pair-filter-a_only');
    const count = Number((await button.locator('.count').textContent())!.replaceAll(',', ''));
    await button.click();
    await expect.poll(() => page.getByTestId('explorer-count').textContent()).toMatch(new RegExp(`^${count} of 64`));
  });

  it("runs Compare and says which differences are real; the JSON export equals the CLI's compare", async () => {
    await tab(page, 'Compare');
    await page.getByTestId('compare-resamples').fill('200');
    await page.getByTestId('compare-seed').fill('5');
    await page.getByTestId('compare-run').click();
    await page.getByTestId('compare-sentence').first().waitFor({ timeout: 120_000 });
    const sentences = await page.getByTestId('compare-sentence').allTextContents();
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/is better than|is higher than|do not differ significantly|score the same|undefined/);
    expect(sentences.some((s) => /\(95% CI -?[\d.]+–-?[\d.]+, p = /.test(s))).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export-json').click()]);
    const pageJson = readFileSync(await download.path(), 'utf8');
    const files = sampleFiles().map((f) => {
      const file = path.join(work, f.name);
      writeFileSync(file, f.text);
      return { ...f, file };
    });
    const [test, ...preds] = files;
    const cliJson = execFileSync(
      process.execPath,
      [CLI, 'compare', '--test', test!.file, ...preds.flatMap((p) => ['--pred', `${p.system}=${p.file}`]), '--resamples', '200', '--seed', '5'],
      { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(pageJson).toBe(cliJson);

    // The same sentence in Chinese.
    await page.getByTestId('lang-select').selectOption('zh');
    await page.getByRole('tab', { name: '比较' }).waitFor();
  });
});
