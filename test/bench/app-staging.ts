/**
 * bench:app's import rows: the longest main-thread task while the page reads, detects and validates dropped files
 * (staging, before Import; target < 200 ms), measured by a `longtask` observer from the moment the files are
 * given until the import step says it is ready.
 */
import type { Page } from '../e2e/browser.ts';

export async function stagingLongestTask(page: Page, files: string[]): Promise<{ seconds: number; longestTaskMs: number }> {
  await page.getByRole('tab', { name: 'Data' }).click();
  const clear = page.getByRole('button', { name: 'Clear all' });
  if (await clear.isVisible().catch(() => false)) await clear.click();
  await page.evaluate(() => {
    const w = window as unknown as { __stagingTasks: number[]; __stagingObserver?: PerformanceObserver };
    w.__stagingTasks = [];
    w.__stagingObserver?.disconnect();
    w.__stagingObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__stagingTasks.push(e.duration);
    });
    w.__stagingObserver.observe({ type: 'longtask' });
  });
  const t0 = performance.now();
  await page.getByTestId('pick-files').setInputFiles(files);
  await page.locator('[data-testid="import-status"].ok').waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - t0) / 1000;
  const longestTaskMs = await page.evaluate(() => {
    const w = window as unknown as { __stagingTasks: number[]; __stagingObserver?: PerformanceObserver };
    w.__stagingObserver?.disconnect();
    return Math.max(0, ...w.__stagingTasks);
  });
  await page.getByRole('button', { name: 'Clear all' }).click();
  return { seconds, longestTaskMs };
}
