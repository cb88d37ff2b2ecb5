/**
 * Accessibility: axe-core (npm) on every tab of the built page, with the sample loaded and a run done, in English
 * and Chinese, at 1280×720 and on a 390-px phone. No serious or critical violation is allowed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { forEachTab, loadSample, openAt } from './steps.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Found {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe on the page as it is; returns its serious and critical violations. */
async function seriousViolations(page: Page): Promise<Found[]> {
  // Evaluated through the debugger protocol, so the page's CSP (no inline script) does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 6).map((n) => n.target.join(' ')) }));
  });
}

describe('accessibility (axe-core)', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await launchApp();
    page = await openAt(app, 1280, 720);
    await loadSample(page);
    await page.getByRole('tab', { name: 'Run' }).click();
    const toggle = page.getByTestId('gcsc-toggle');
    if (!(await toggle.isChecked())) await toggle.click();
    await page.getByTestId('judge-select').selectOption('exact');
    await page.getByTestId('start-run').click();
    await page.getByTestId('run-row').first().waitFor();
    await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 300_000 });
    await page.getByRole('tab', { name: 'Run' }).click();
    await page.getByTestId('run-status').filter({ hasText: /^done$/ }).first().waitFor({ timeout: 60_000 });
    // A generated set's preview on the Data tab, so its table is scanned too.
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('generate-run').click();
    await page.getByTestId('generated-set').first().waitFor({ timeout: 60_000 });
  });
  afterAll(async () => app?.close());

  /** Every tab, by its position (names change with the language); a short settle for lazy panels. */
  async function scanTabs(label: string): Promise<Record<string, Found[]>> {
    const found: Record<string, Found[]> = {};
    await forEachTab(page, async (name) => {
      const v = await seriousViolations(page);
      if (v.length > 0) found[`${label} · ${name}`] = v;
    });
    return found;
  }

  it('no serious or critical violation on any tab, in English, at 1280×720', async () => {
    expect(await scanTabs('en')).toEqual({});
  });

  it('none in the classroom’s presenter mode', async () => {
    await page.getByRole('tab', { name: 'Classroom' }).click();
    // Every step first: presenter mode shows one at a time and has no such button (the last step, the verdict, stays).
    await page.getByRole('button', { name: 'show every step' }).click();
    await page.getByTestId('presenter-toggle').click();
    await page.getByTestId('classroom-verdict').waitFor({ timeout: 60_000 });
    const v = await seriousViolations(page);
    await page.keyboard.press('Escape');
    expect(v).toEqual([]);
  });

  it('none in Chinese on a 390-px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('lang-select').selectOption('zh');
    const found = await scanTabs('zh, 390 px');
    await page.getByTestId('lang-select').selectOption('en');
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(found).toEqual({});
  });
});
