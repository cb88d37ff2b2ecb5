/**
 * `npm run bench:app`: SIGHAN15 with its four shared systems scored in the built app in headless Chromium, once
 * with the exact judge and once with the embedded default model, timed from "Start" to the stored run. Needs the
 * test build (`CSC_TEST_MODELS=1 vite build --outDir tmp/e2e-dist`, done by `npm run bench:app`) and Debian's
 * Chromium. The exact-judge run is the baseline the model run is compared with.
 */
import path from 'node:path';
import { launchApp } from '../test/e2e/browser.ts';
import { printTable, sharedData } from './harness.ts';

const sighan = path.join(sharedData(), 'sighan15');
const systems = ['identity', 'oracle', 'synth-eq', 'synth-llm'].map((s) => path.join(sighan, 'pred', `${s}.tsv`));

const app = await launchApp();
try {
  const page = await app.openApp();
  await page.getByTestId('pick-files').setInputFiles([path.join(sighan, 'test.tsv'), ...systems]);
  await page.getByTestId('import-button').click();
  await page.getByTestId('dataset-card').first().waitFor();
  const times: [string, number][] = [];
  for (const judge of ['exact', 'default']) {
    await page.getByRole('tab', { name: 'Run' }).click();
    const toggle = page.getByTestId('gcsc-toggle');
    if (!(await toggle.isChecked())) await toggle.click();
    const value = judge === 'exact' ? 'exact' : await page.getByTestId('judge-select').locator('option', { hasText: 'default' }).getAttribute('value');
    await page.getByTestId('judge-select').selectOption(value!);
    const before = await page.getByTestId('run-row').count();
    const t0 = performance.now();
    await page.getByTestId('start-run').click();
    await page.getByTestId('run-row').nth(before).waitFor();
    await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 1_200_000 });
    times.push([judge, performance.now() - t0]);
  }
  const [exact, model] = times as [[string, number], [string, number]];
  printTable('SIGHAN15 × 4 systems in Chromium: Eval-CSC (all profiles) + Eval-GCSC', ['judge', 'seconds', 'ratio to exact judge'], [
    ['exact (baseline)', exact[1] / 1000, 1],
    ['default model (WASM)', model[1] / 1000, model[1] / exact[1]],
  ]);
} finally {
  await app.close();
}
