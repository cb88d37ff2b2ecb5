/**
 * The page's third round (issue 25) in Chromium, on the built-in sample: focus after loading and after a run,
 * Eval-GCSC in Compare with the judge named and the JSON equal to `csc-studio compare`'s, p at its floor worded
 * as a bound, a repeated run's report equal to the first (no cache figures), and each profile's scale in the
 * All numbers table.
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
import { DEFAULT_PROFILES } from '../../src/core/metrics/registry.ts';

const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');

async function downloadText(page: Page, testId: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync(await download.path(), 'utf8');
}

describe('the page, third round', () => {
  let app: AppBrowser;
  let page: Page;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'csc-round3-e2e-'));
    app = await launchApp();
    page = await openAt(app, 1400, 1000);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('after loading the sample the focus is on the next step, which goes to Run', async () => {
    await loadSample(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notice-next');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: 'Run' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
  });

  it('after a run the focus is on the dashboard, and the All numbers table names each scale', async () => {
    await page.getByTestId('judge-select').selectOption('exact');
    await page.getByTestId('start-run').click();
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor({ timeout: 120_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('dash-title');
    const scales = await page.getByTestId('profile-scale').allTextContents();
    expect(scales).toContain('(0–100)');
    expect(scales).toContain('(0–1)');
  });

  it('compares Eval-GCSC with the judge named; the JSON equals csc-studio compare --metrics …,gcsc', async () => {
    await tab(page, 'Compare');
    await expect.poll(() => page.getByTestId('compare-metric-gcsc').isChecked()).toBe(true);
    expect(await page.getByTestId('compare-gcsc-judge').textContent()).toContain('exact');
    await page.getByTestId('compare-resamples').fill('100');
    await page.getByTestId('compare-seed').fill('3');
    await page.getByTestId('compare-run').click();
    await page.getByTestId('compare-sentence').first().waitFor({ timeout: 120_000 });
    const pageJson = await downloadText(page, 'compare-export-json');
    const files = sampleFiles().map((f) => {
      const file = path.join(work, f.name);
      writeFileSync(file, f.text);
      return { ...f, file };
    });
    const [test, ...preds] = files;
    const metrics = [...DEFAULT_PROFILES.map((p) => p.name), 'gcsc'].join(',');
    const cliJson = execFileSync(
      process.execPath,
      [CLI, 'compare', '--test', test!.file, ...preds.flatMap((p) => ['--pred', `${p.system}=${p.file}`]), '--resamples', '100', '--seed', '3', '--metrics', metrics, '--judge', 'exact'],
      { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(pageJson).toBe(cliJson);
    const report = JSON.parse(pageJson) as { gcsc: { judge: string }; comparisons: { profile: string; p_randomization: number | null; p_randomization_floor: number | null }[] };
    expect(report.gcsc.judge).toBe('exact');
    expect(report.comparisons.some((c) => c.profile === 'gcsc')).toBe(true);
    // A p at its floor reads as a bound in the sentences and the table, never as "1.0e-2".
    const floored = report.comparisons.filter((c) => c.p_randomization !== null && c.p_randomization === c.p_randomization_floor);
    const table = await page.getByTestId('compare-p-holm').allTextContents();
    for (const cell of table) expect(cell).not.toMatch(/e-/);
    if (floored.length > 0) {
      expect(table.some((cell) => cell.startsWith('≤ '))).toBe(true);
      const sentences = await page.getByTestId('compare-sentence').allTextContents();
      expect(sentences.some((s) => s.includes('the smallest p that 100 resamples can give'))).toBe(true);
    }
  });

  it("a repeated run's report equals the first's: no cache figures in it", async () => {
    await tab(page, 'Run');
    const options = await page.getByTestId('judge-select').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const tiny = options.find((v) => v.endsWith('test/tiny-bert-cls'))!;
    await runFromUi(page, tiny);
    await tab(page, 'Dashboard');
    const first = await downloadText(page, 'export-json');
    await runFromUi(page, tiny);
    await tab(page, 'Dashboard');
    const second = await downloadText(page, 'export-json');
    expect(JSON.parse(second).gcsc.embedding).toBeUndefined();
    expect(second).toBe(first);
  });
});
