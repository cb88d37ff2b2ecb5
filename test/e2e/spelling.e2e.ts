/**
 * The default judge's spelling check in the built page: the Run tab offers it (on for the default model), the run
 * records it next to the judge, the sentence detail says why an operation was rejected, and the judge check
 * measures typo acceptance on the dataset's own errors for each model, with the check and without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { loadSample, openAt, runFromUi, tab } from './steps.ts';
import { en } from '../../src/ui/shared/i18n/en.ts';

describe('the spelling check', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await launchApp();
    page = await openAt(app, 1400, 1000);
    await loadSample(page);
  });
  afterAll(async () => app?.close());

  it('is on for the default model, and the run names it with the judge', async () => {
    await tab(page, 'Run');
    await page.getByTestId('judge-select').selectOption('site:default');
    await expect.poll(() => page.getByTestId('spelling-check').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('run-judge-line').textContent()).toContain(en.trust.withSpellingCheck);
    await runFromUi(page, 'site:default');
    await expect.poll(() => page.getByTestId('run-row').last().textContent()).toContain(en.trust.withSpellingCheck);
  });

  it('says in the sentence detail why an operation was rejected', async () => {
    await tab(page, 'Sentences');
    await page.getByTestId('explorer-system').selectOption({ label: 'bert-like' });
    // s19: the bert-like system wrote 印像 for 印象, a sound-alike.
    await page.getByTestId('explorer-search').fill('s19');
    await page.getByTestId('sentence-row').first().click();
    const why = page.getByTestId('op-rejection');
    await expect.poll(() => why.getAttribute('data-reason')).toBe('confusable');
    expect(await why.textContent()).toContain(en.explorer.whyConfusable('象', '像'));
  });

  it('measures typo acceptance for each model, with the check and without', async () => {
    await tab(page, 'Judge check');
    const panel = page.getByTestId('typo-acceptance');
    await panel.getByTestId('typo-measure').click();
    const rows = panel.getByTestId('typo-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const shares = panel.getByTestId('typo-word-share');
    // Every row ends with a share or an error; none may be an error.
    const ended = async () => (await shares.count()) + (await panel.locator('td.issues').count());
    await expect.poll(ended, { timeout: 100_000 }).toBe(await rows.count());
    expect(await panel.locator('td.issues').allTextContents()).toEqual([]);
    const on = await panel.locator('[data-testid="typo-row"][data-spelling="true"]').first().getByTestId('typo-word-share').textContent();
    const off = await panel.locator('[data-testid="typo-row"][data-spelling="false"]').first().getByTestId('typo-word-share').textContent();
    const accepted = (text: string | null) => Number(/\((\d+)\//.exec(text ?? '')?.[1]);
    // The same pairs, and the check never accepts more than the plain cosine.
    expect(accepted(on)).toBeLessThanOrEqual(accepted(off));
    expect(/\/(\d+)\)/.exec(on ?? '')?.[1]).toBe(/\/(\d+)\)/.exec(off ?? '')?.[1]);
  });
});
