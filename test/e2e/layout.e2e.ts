/**
 * Layout and honest judging on the built page: with the sample judged by the default (lexical) model, the dashboard
 * names the judge and carries the lexical note; its charts use the panel's width at 1280×720; on a 390-px phone no
 * tab scrolls sideways and every chart label lies inside its SVG, in English and Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { loadSample, openAt, runFromUi, tab } from './steps.ts';

/** Each dashboard chart's SVG width over the width of the section that holds it. */
async function chartShares(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const section = document.querySelector('section[aria-labelledby="dash-title"]') as HTMLElement;
    const width = section.getBoundingClientRect().width;
    return [...section.querySelectorAll('figure.chart svg')].map((svg) => svg.getBoundingClientRect().width / width);
  });
}

/** Chart texts (labels, ticks, values) that stick out of their SVG by more than a pixel. */
async function textsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const svg of document.querySelectorAll('figure.chart svg')) {
      const box = svg.getBoundingClientRect();
      for (const text of svg.querySelectorAll('text')) {
        const r = text.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) out.push(`${text.textContent} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`);
      }
    }
    return out;
  });
}

/** Every tab by position: the tabs whose page is wider than the window. */
async function sidewaysTabs(page: Page, width: number): Promise<Record<string, number>> {
  const wide: Record<string, number> = {};
  const count = await page.getByRole('tab').count();
  for (let i = 0; i < count; i++) {
    const t = page.getByRole('tab').nth(i);
    await t.click();
    await page.waitForTimeout(500);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll > width) wide[(await t.textContent())!.trim()] = scroll;
  }
  return wide;
}

describe('layout and the judge on the dashboard', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await launchApp();
    page = await openAt(app, 1280, 720);
    await loadSample(page);
  });
  afterAll(async () => app?.close());

  it('names the judge (model, threshold and its source) and shows the lexical note with where to go next', async () => {
    await runFromUi(page, 'site:default');
    await tab(page, 'Dashboard');
    await page.getByTestId('judge-info').waitFor();
    const judge = await page.getByTestId('judge-name').textContent();
    expect(judge).toMatch(/model “csc-studio-lexical-zh” · threshold [0-9.]+ \(from the model's manifest\)/);
    const note = page.getByTestId('lexical-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('not comparable');
    await note.getByTestId('lexical-calibrate').click();
    expect(await page.getByRole('tab', { name: 'Judge check' }).getAttribute('aria-selected')).toBe('true');
    // The Run tab names the same judge in its runs table.
    await tab(page, 'Run');
    expect(await page.getByTestId('run-row').first().textContent()).toContain('csc-studio-lexical-zh');
    await tab(page, 'Dashboard');
  });

  it('at 1280×720 the charts take at least 80% of the panel width', async () => {
    const shares = await chartShares(page);
    expect(shares.length).toBeGreaterThanOrEqual(3);
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0.8);
    expect(await textsOutside(page)).toEqual([]);
  });

  it('on a 390-px phone: no tab scrolls sideways and chart labels stay inside their SVG, in both languages', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const lang of ['en', 'zh'] as const) {
        await page.getByTestId('lang-select').selectOption(lang);
        expect(await sidewaysTabs(page, 390)).toEqual({});
        // The header and the tab row leave the phone's screen to the content (they took 520 of 844 px).
        const tabsBottom = await page.getByRole('tablist').evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
        expect(tabsBottom).toBeLessThanOrEqual(220);
        await page.getByRole('tab').nth(2).click(); // the dashboard, in either language
        await page.locator('figure.chart svg').first().waitFor();
        expect(await textsOutside(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.getByTestId('lang-select').selectOption('en');
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
