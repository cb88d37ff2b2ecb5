/**
 * The classroom in the built page: it names its judge, shows the paper's verdict next to ours and explains a
 * difference, compares position by position in step 3, steps with ←/→, has a large-type presenter mode, and
 * speaks Chinese when asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { openAt } from './steps.ts';
import { en } from '../../src/ui/shared/i18n/en.ts';
import { zh } from '../../src/ui/shared/i18n/zh.ts';
import defaultManifest from '../../models/default/manifest.json' with { type: 'json' };

describe('classroom', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    app = await launchApp();
    page = await openAt(app, 1280, 720);
    await page.getByRole('tab', { name: en.tabs['classroom']! }).click();
    await page.getByTestId('classroom').waitFor();
  });
  afterAll(async () => app?.close());

  const showAll = async () => page.getByRole('button', { name: en.classroom.showAll }).click();

  it('judges with the default model it names, and puts the paper’s verdict next to ours', async () => {
    const used = page.getByTestId('classroom-judge-used');
    // The default model judges with the spelling check in front, at the manifest's threshold for it.
    await expect.poll(() => used.textContent(), { timeout: 60_000 }).toBe(en.classroom.judgeModel('csc-studio-lexical-zh', defaultManifest.spellingCheckThreshold, true));
    await showAll();
    await page.getByTestId('classroom-verdict').waitFor({ timeout: 60_000 });
    const paper = page.getByTestId('paper-verdict');
    expect(await paper.locator('td').allTextContents()).toEqual(['correct', 'wrong']);
    expect(await page.getByTestId('our-csc').textContent()).toBe('wrong');
    const ours = await page.getByTestId('our-gcsc').textContent();
    // Agreement, or an explanation of the difference: never a silent contradiction.
    if (ours === 'correct') await page.getByTestId('verdict-agreement').waitFor();
    else expect(await page.getByTestId('verdict-explanation').first().textContent()).toBe(en.classroom.disagree['model-stricter']);
    expect(await page.getByTestId('classroom-lexical-note').textContent()).toContain('lexical baseline');
  });

  it('with the exact judge, case 1 (友人 → 朋友) differs from the paper and says why', async () => {
    await page.getByTestId('classroom-judge-select').selectOption('exact');
    await expect.poll(() => page.getByTestId('classroom-judge-used').textContent(), { timeout: 30_000 }).toBe(en.classroom.judgeExact);
    await showAll();
    await page.getByTestId('classroom-verdict').waitFor();
    expect(await page.getByTestId('our-gcsc').textContent()).toBe('wrong');
    expect(await page.getByTestId('verdict-explanation').first().textContent()).toBe(en.classroom.disagree['exact-stricter']);
  });

  it('step 3 compares position by position: two substitutions, 友→朋 and 人→友', async () => {
    const rows = page.getByTestId('classroom-position');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual(['2', '友', '友', '朋', 'correct character changed · not phonetically similar']);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual(['3', '人', '人', '友', 'correct character changed · not phonetically similar']);
  });

  it('←/→ move through the steps; presenter mode enlarges the type and Esc leaves it', async () => {
    await page.getByTestId('case-t12-3').click();
    const step = page.getByTestId('classroom-step');
    expect(await step.textContent()).toBe('Step 1 of 8');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await step.textContent()).toBe('Step 3 of 8');
    await page.keyboard.press('ArrowLeft');
    expect(await step.textContent()).toBe('Step 2 of 8');

    const size = () => page.getByTestId('classroom').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const normal = await size();
    await page.getByTestId('presenter-toggle').click();
    expect(await size()).toBeGreaterThan(normal * 1.3);
    const box = await page.getByTestId('classroom').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1270); // fills the window
    await page.locator('body').click({ position: { x: 600, y: 700 } });
    await page.keyboard.press('ArrowRight');
    expect(await step.textContent()).toBe('Step 3 of 8');
    await page.keyboard.press('Escape');
    expect(await size()).toBe(normal);
  });

  it('presenter mode shows one step at a time, the newest always in view, with the sentence kept above it', async () => {
    await page.getByTestId('case-t13-2b').click();
    await page.getByTestId('presenter-toggle').click();
    await page.locator('body').click({ position: { x: 600, y: 700 } });
    const viewport = page.viewportSize()!;
    // Step 1 marks the changed characters: the source's error and the system's change.
    expect(await page.getByTestId('classroom-source').locator('mark').allTextContents()).toEqual(['结少']);
    expect(await page.getByTestId('classroom-prediction').locator('mark').allTextContents()).toEqual(['减绍']);
    for (let n = 1; n <= 8; n++) {
      if (n > 1) await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('classroom-step').textContent()).toBe(`Step ${n} of 8`);
      const shown = page.locator('[data-step]');
      await expect.poll(() => shown.count(), { timeout: 60_000 }).toBe(1);
      expect(await shown.first().getAttribute('data-step')).toBe(String(n));
      await expect.poll(async () => {
        const box = await shown.first().boundingBox();
        return box !== null && box.y >= 0 && box.y < viewport.height - 40;
      }).toBe(true);
      if (n > 1) expect(await page.getByTestId('classroom-sentence-line').isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
    // Outside presenter mode the steps build up again.
    await expect.poll(() => page.locator('[data-step]').count()).toBe(8);
  });

  it('captions and verdicts in Chinese', async () => {
    await page.getByTestId('lang-select').selectOption('zh');
    await page.getByRole('tab', { name: zh.tabs['classroom']! }).click();
    await page.getByTestId('case-t12-1').click();
    await page.getByRole('button', { name: zh.classroom.showAll }).click();
    await page.getByTestId('classroom-verdict').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('classroom-sentence').locator('p').first().textContent()).toMatch(/^表 12 · ChatGPT · /);
    expect(await page.getByTestId('paper-verdict').locator('td').allTextContents()).toEqual(['正确', '错误']);
    expect(await page.getByTestId('classroom-csc').locator('h3').textContent()).toBe('Eval-CSC：逐位置比较');
    await page.getByTestId('lang-select').selectOption('en');
  });
});
