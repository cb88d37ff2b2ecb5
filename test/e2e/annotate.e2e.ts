/**
 * Human judging end to end, in headless Chromium against the test build: run Eval-GCSC (exact) on the sample's
 * bert-like system, label its operations by keyboard (with undo), reload and find the labels, export them, import
 * two more annotators (agreement: Cohen's κ, then Fleiss' κ), export the majority labels, run Eval-GCSC(human)
 * in the app and compare its JSON report with `csc-studio eval --judge labels:FILE` on the same files; the judge
 * check view; the classroom on a paper case; the language switch (remembered across a reload).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp, REPO_ROOT } from './browser.ts';
import { sampleFiles } from '../../src/sample/sample.ts';
import { cohenKappa } from '../../src/core/stats/index.ts';

const CLI = path.join(REPO_ROOT, 'src/cli/bin.js');
const SHOTS = process.env['CSC_E2E_SCREENSHOTS'];

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, 'eval', ...args, '--format', 'json'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

async function downloadText(page: Page, locator: ReturnType<Page['getByTestId']>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function runFromUi(page: Page, judge: string): Promise<void> {
  await tab(page, 'Run');
  const toggle = page.getByTestId('gcsc-toggle');
  if (!(await toggle.isChecked())) await toggle.click();
  await page.getByTestId('judge-select').selectOption(judge);
  const before = await page.getByTestId('run-row').count();
  await page.getByTestId('start-run').click();
  await page.getByTestId('run-row').nth(before).waitFor();
  await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 120_000 });
  await tab(page, 'Run');
  await expect.poll(() => page.getByTestId('run-status').nth(before).textContent()).not.toBe('running');
  const row = page.getByTestId('run-row').nth(before);
  expect(await row.getByTestId('run-status').textContent(), (await row.textContent()) ?? '').toBe('done');
}

const progress = async (page: Page) => {
  const text = (await page.getByTestId('annotate-progress').textContent()) ?? '';
  const [, done, total] = /(\d+) of (\d+)/.exec(text) ?? [];
  return { done: Number(done), total: Number(total) };
};

describe('human judging, judge check, classroom and language', () => {
  let app: AppBrowser;
  let page: Page;
  let work: string;
  let files: { file: string; system?: string; role: string }[];
  let total = 0;
  let annCsv = '';

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'csc-annotate-e2e-'));
    files = sampleFiles().map((f) => {
      const file = path.join(work, f.name);
      writeFileSync(file, f.text);
      return { ...f, file };
    });
    app = await launchApp();
    page = await app.openApp();
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.getByTestId('load-sample').click();
    await page.getByTestId('dataset-card').first().waitFor();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('runs Eval-GCSC (exact) on one system', async () => {
    await tab(page, 'Run');
    await page.getByLabel('llm-like').uncheck();
    await runFromUi(page, 'exact');
  });

  it('labels operations by keyboard, with undo and skip; a reload keeps them', async () => {
    await tab(page, 'Annotate');
    await page.getByTestId('annotator-name').fill('ann');
    await page.getByTestId('annotator-use').click();
    ({ total } = await progress(page));
    expect(total).toBeGreaterThan(3);
    const card = page.getByTestId('annotate-card');
    await card.waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('1');
    await page.keyboard.press('w');
    await page.keyboard.press('u');
    await expect.poll(async () => (await progress(page)).done).toBe(3);
    await page.keyboard.press('z');
    await expect.poll(async () => (await progress(page)).done).toBe(2);
    await page.keyboard.press('s');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'annotate.png'), fullPage: false });
    // Label the rest: every third operation wrong.
    await page.getByRole('button', { name: 'first unlabelled' }).click();
    for (let i = 0; i < total; i++) {
      const { done } = await progress(page);
      if (done === total) break;
      await page.getByRole('button', { name: 'first unlabelled' }).click();
      await page.keyboard.press(done % 3 === 0 ? '0' : '1');
      await expect.poll(async () => (await progress(page)).done).toBe(done + 1);
    }
    expect((await progress(page)).done).toBe(total);

    await page.reload();
    await tab(page, 'Annotate');
    await expect.poll(async () => (await progress(page)).done).toBe(total);
    await expect.poll(() => page.getByTestId('annotator-select').inputValue()).toBe('ann');
  });

  it('exports the labels, imports two more annotators and shows the agreement', async () => {
    const exported = await downloadText(page, page.getByTestId('export-labels-csv').first());
    annCsv = exported.text;
    const lines = annCsv.trim().split(/\r\n/);
    expect(lines[0]).toBe('id,system,start,end,reference,prediction,label,annotator');
    expect(lines).toHaveLength(total + 1);

    // bob flips the first label.
    const rows = lines.slice(1).map((l) => l.split(','));
    const bobRows = rows.map((r, i) => [...r.slice(0, 6), i === 0 ? (r[6] === '1' ? '0' : '1') : r[6]!, 'bob']);
    const bobCsv = [lines[0], ...bobRows.map((r) => r.join(','))].join('\r\n') + '\r\n';
    await page.getByTestId('import-labels').setInputFiles({ name: 'bob.csv', mimeType: 'text/csv', buffer: Buffer.from(bobCsv) });
    const expectedKappa = cohenKappa(
      rows.map((r) => r[6]!),
      bobRows.map((r) => r[6]!),
      { categories: ['1', '0'] },
    );
    await expect.poll(() => page.getByTestId('agreement').textContent()).toContain('Cohen');
    expect(Number(await page.getByTestId('kappa').textContent())).toBeCloseTo((expectedKappa as { value: number }).value, 2);
    expect(await page.getByTestId('percent-agreement').textContent()).toBe(`${(((total - 1) / total) * 100).toFixed(1)}%`);
    await expect.poll(() => page.getByTestId('agreement').textContent()).toContain('1 unresolved');

    // cy agrees with ann; a file without an annotator column, named on import.
    const cyCsv = [lines[0]!.replace(',annotator', ''), ...rows.map((r) => r.slice(0, 7).join(','))].join('\n') + '\n';
    await page.getByTestId('import-annotator').fill('cy');
    await page.getByTestId('import-labels').setInputFiles({ name: 'cy.csv', mimeType: 'text/csv', buffer: Buffer.from(cyCsv) });
    await expect.poll(() => page.getByTestId('agreement').textContent()).toContain('Fleiss');
    await expect.poll(() => page.getByTestId('agreement').textContent()).toContain('0 unresolved');
    await expect.poll(() => page.getByTestId('annotators-table').locator('tbody tr').count()).toBe(3);
  });

  it('Eval-GCSC(human) from the majority labels equals the CLI with --judge labels:FILE', async () => {
    const majority = await downloadText(page, page.getByTestId('export-majority'));
    expect(majority.name).toBe('sample-teaching-set-labels-majority.csv');
    const majorityFile = path.join(work, majority.name);
    writeFileSync(majorityFile, majority.text);
    // The majority equals ann's labels (cy agrees with ann; bob's one flip is outvoted).
    const strip = (text: string) => text.trim().split(/\r\n/).slice(1).map((l) => l.split(',').slice(0, 7).join(',')).sort();
    expect(strip(majority.text)).toEqual(strip(annCsv));

    // Choosing the human labels keeps only the systems that have labels.
    await tab(page, 'Run');
    await page.getByTestId('judge-select').selectOption('labels');
    await expect.poll(() => page.getByLabel('llm-like').isChecked()).toBe(false);
    expect(await page.getByLabel('bert-like').isChecked()).toBe(true);
    await runFromUi(page, 'labels');
    const test = files.find((f) => f.role === 'test')!;
    const bert = files.find((f) => f.system === 'bert-like')!;
    const expected = JSON.parse(cli(['--test', test.file, '--pred', `bert-like=${bert.file}`, '--judge', `labels:${majorityFile}`])) as Record<string, unknown>;
    await tab(page, 'Dashboard');
    const got = JSON.parse((await downloadText(page, page.getByTestId('export-json'))).text) as Record<string, unknown>;
    expect(got).toEqual(expected);
    expect(JSON.stringify(got['gcsc'])).toContain('labels:sample-teaching-set-labels-majority.csv');
  });

  it('the judge check compares the exact judge with the human labels', async () => {
    await tab(page, 'Judge check');
    await page.getByTestId('meta-table').waitFor();
    await expect.poll(async () => (await page.getByTestId('meta-table').locator('tbody td').allTextContents())[0] ?? '').toContain(String(total));
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'meta.png'), fullPage: true });
  });

  it('calibrates an embedding judge on the human labels and stores the threshold with the model', async () => {
    await tab(page, 'Run');
    const options = await page.getByTestId('judge-select').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const tiny = options.find((v) => v.endsWith('test/tiny-bert-cls'));
    expect(tiny, 'the test build lists the tiny test models').toBeDefined();
    await page.getByTestId('judge-select').selectOption(tiny!);
    await expect.poll(() => page.getByTestId('threshold').inputValue()).toBe('0.9');
    await page.getByLabel('llm-like').uncheck();
    await runFromUi(page, tiny!);
    await tab(page, 'Judge check');
    await expect.poll(() => page.getByTestId('meta-run').locator('option:checked').textContent()).toContain('tiny-bert-cls');
    // The table re-renders for the newly selected run: wait for its cells rather than reading them once.
    const cells = () => page.getByTestId('meta-table').locator('tbody td').allTextContents();
    await expect.poll(async () => (await cells())[0] ?? '').toContain(String(total));
    await expect.poll(async () => (await cells())[1]).toBe('0.900');
    await page.getByTestId('meta-hist').waitFor();
    // Both judge runs (exact and the model) side by side.
    await expect.poll(() => page.getByTestId('meta-summary').locator('tbody tr').count()).toBe(2);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'meta-model.png'), fullPage: true });
    const chosen = /threshold (-?\d\.\d{4})/.exec((await page.getByTestId('calibration').textContent()) ?? '')?.[1];
    expect(chosen).toBeDefined();
    await page.getByTestId('store-calibration').click();
    await expect.poll(() => page.getByText(/^Stored:/).count()).toBe(1);
    await tab(page, 'Run');
    await page.getByTestId('judge-select').selectOption('exact');
    await page.getByTestId('judge-select').selectOption(tiny!);
    await expect.poll(async () => Number(await page.getByTestId('threshold').inputValue()).toFixed(4)).toBe(chosen);
    await expect.poll(() => page.getByText(/Calibrated on human labels/).count()).toBe(1);
  });

  it('walks a paper case through both metrics in the classroom', async () => {
    await tab(page, 'Classroom');
    await page.getByTestId('case-t12-4').click();
    await expect.poll(() => page.getByTestId('classroom-step').textContent()).toBe('Step 1 of 8');
    await page.getByTestId('classroom-next').click();
    await page.getByTestId('classroom-next').click();
    await expect.poll(() => page.getByTestId('classroom-csc').textContent()).toContain('Length constraint');
    await page.getByRole('button', { name: 'show every step' }).click();
    await page.getByTestId('classroom-verdict').waitFor();
    expect(await page.getByTestId('classroom-words').textContent()).toBe('今年没帮你庆祝但在这祝您身体健康要多保重。');
    expect(await page.getByTestId('classroom-verdict').textContent()).toContain('cannot score');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'classroom.png'), fullPage: true });
  });

  it('switches to Simplified Chinese, remembered across a reload', async () => {
    await page.getByTestId('lang-select').selectOption('zh');
    await expect.poll(() => page.getByRole('tab', { name: '人工标注' }).count()).toBe(1);
    await expect.poll(() => page.locator('#classroom-title').textContent()).toBe('课堂');
    await page.reload();
    await page.getByRole('tab', { name: '课堂' }).waitFor();
    await page.getByRole('tab', { name: '人工标注' }).click();
    await expect.poll(() => page.getByTestId('annotate-progress').textContent()).toContain('已标注');
    await expect.poll(() => page.getByTestId('agreement').textContent()).toContain('Fleiss κ');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'annotate-zh.png'), fullPage: false });
    await page.getByTestId('lang-select').selectOption('en');
    await expect.poll(() => page.getByRole('tab', { name: 'Annotate' }).count()).toBe(1);
  });
});
