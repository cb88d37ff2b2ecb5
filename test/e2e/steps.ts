/** Steps several e2e files take the same way: open the app at a size, switch tabs, load the sample, run. */
import { expect } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';

/** Opens the app's index in `app` at `width` × `height` CSS pixels. */
export async function openAt(app: AppBrowser, width: number, height: number): Promise<Page> {
  const page = await app.openApp();
  await page.setViewportSize({ width, height });
  return page;
}

export async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

/** Loads the built-in sample from the Data tab and waits for its card. */
export async function loadSample(page: Page): Promise<void> {
  await page.getByTestId('load-sample').click();
  await page.getByTestId('dataset-card').first().waitFor();
}

/** Starts a run from the Run tab with the judge given (or no Eval-GCSC) and waits until it is stored. */
export async function runFromUi(page: Page, judge: string | null, timeout = 300_000): Promise<void> {
  await tab(page, 'Run');
  const toggle = page.getByTestId('gcsc-toggle');
  if ((await toggle.isChecked()) !== (judge !== null)) await toggle.click();
  if (judge !== null) await page.getByTestId('judge-select').selectOption(judge);
  const before = await page.getByTestId('run-row').count();
  await page.getByTestId('start-run').click();
  await page.getByTestId('run-row').nth(before).waitFor();
  await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout });
  await tab(page, 'Run');
  await expect.poll(() => page.getByTestId('run-status').nth(before).textContent()).not.toBe('running');
  // A failed run says why in its row.
  const row = page.getByTestId('run-row').nth(before);
  expect(`${await row.getByTestId('run-status').textContent()} ${(await row.locator('.issues').textContent().catch(() => '')) ?? ''}`.trim()).toBe('done');
}

/** Visits every tab in order (names change with the language), letting lazy panels settle, and calls `visit`. */
export async function forEachTab(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  const count = await page.getByRole('tab').count();
  expect(count).toBeGreaterThanOrEqual(8);
  for (let i = 0; i < count; i++) {
    const tab = page.getByRole('tab').nth(i);
    const name = (await tab.textContent())!.trim();
    await tab.click();
    await page.waitForTimeout(800);
    await visit(name);
  }
}
