/**
 * The model's threads and graph in the app: on a static host that sends no COOP/COEP headers, the first visit
 * reloads once into a cross-origin isolated page (the service worker adds the headers) and a run judges on every
 * core with the int8 graph, both recorded with the run; with a WebGPU adapter (SwiftShader here) the run judges on
 * WebGPU and its numbers are WASM's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { hasWebGpuAdapter, launchApp } from './browser.ts';
import { loadSample, runFromUi, tab } from './steps.ts';

interface Stored {
  details: { backend?: string; threads?: number; graph?: string } | null;
  judge: string | null;
  values: Record<string, unknown> | null;
}

/** The last stored run's model details, judge id and the sample's gcsc values, read from IndexedDB. */
function lastRun(page: Page): Promise<Stored> {
  return page.evaluate(
    () =>
      new Promise<Stored>((resolve) => {
        const open = indexedDB.open('csc-studio');
        open.onsuccess = () => {
          const all = open.result.transaction('runs').objectStore('runs').getAll();
          all.onsuccess = () => {
            type Run = { createdAt: number; report?: { gcsc?: { judge: string }; systems: Record<string, { gcsc?: Record<string, unknown> }> }; gcsc?: { details?: Stored['details'] } };
            const run = (all.result as Run[]).sort((a, b) => a.createdAt - b.createdAt).at(-1);
            const systems = run?.report?.systems ?? {};
            resolve({
              details: run?.gcsc?.details ?? null,
              judge: run?.report?.gcsc?.judge ?? null,
              values: Object.fromEntries(Object.entries(systems).map(([name, s]) => [name, s.gcsc ?? null])),
            });
            open.result.close();
          };
        };
      }),
  );
}

async function tinyModel(page: Page): Promise<string> {
  await tab(page, 'Run');
  const toggle = page.getByTestId('gcsc-toggle');
  if (!(await toggle.isChecked())) await toggle.click();
  const options = await page.getByTestId('judge-select').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  return options.find((v) => v.endsWith('test/tiny-bert-cls'))!;
}

describe('a static host without COOP/COEP headers', () => {
  let app: AppBrowser;
  let page: Page;
  let wasm: Stored;
  beforeAll(async () => {
    app = await launchApp({ crossOriginIsolation: false });
    page = await app.openApp();
  });
  afterAll(async () => app?.close());

  it('reloads once on the first visit into a cross-origin isolated page', async () => {
    // The page reloads itself once the service worker controls it; evaluate may meet the navigation.
    await expect
      .poll(() => page.evaluate(() => self.crossOriginIsolated && navigator.serviceWorker.controller !== null).catch(() => false), { timeout: 90_000 })
      .toBe(true);
    await page.waitForLoadState('load');
  });

  it('judges on every core with the int8 graph by default, and records both with the run', async () => {
    await loadSample(page);
    const tiny = await tinyModel(page);
    await page.getByTestId('judge-select').selectOption(tiny);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await expect.poll(() => page.getByTestId('graph-select').inputValue()).toBe('int8');
    expect(await page.getByTestId('threads-select').isEnabled()).toBe(true);
    expect(await page.getByTestId('threads-select').locator('option:checked').textContent()).toBe(`every core (${cores})`);
    await runFromUi(page, tiny);
    wasm = await lastRun(page);
    expect(wasm.details).toMatchObject({ backend: 'wasm', threads: cores, graph: 'onnx/model_quantized.onnx' });
    expect(wasm.judge).toMatch(/^embedding:tiny-bert-cls\/onnx\/model_quantized\.onnx@/);
    await tab(page, 'Dashboard');
    await expect.poll(() => page.getByTestId('judge-info').textContent()).toMatch(new RegExp(`threads ${cores} · graph onnx/model_quantized\\.onnx`));
  });

  it('takes the float graph and one thread when asked, and records them', async () => {
    const tiny = await tinyModel(page);
    await page.getByTestId('judge-select').selectOption(tiny);
    await expect.poll(() => page.getByTestId('graph-select').inputValue()).toBe('int8');
    await page.getByTestId('graph-select').selectOption('fp32');
    await page.getByTestId('threads-select').selectOption('1');
    await runFromUi(page, tiny);
    const run = await lastRun(page);
    expect(run.details).toMatchObject({ threads: 1, graph: 'onnx/model.onnx' });
    expect(run.judge).toMatch(/^embedding:tiny-bert-cls\/onnx\/model\.onnx@/);
    // The setting is the page's: it stays after a reload.
    await page.reload();
    await tab(page, 'Run');
    expect(await page.getByTestId('threads-select').inputValue()).toBe('1');
    await page.getByTestId('threads-select').selectOption('auto');
  });

  it('with a WebGPU adapter, judges on WebGPU and gives the numbers WASM gave', async (context) => {
    const gpuApp = await launchApp({ webgpu: true });
    try {
      const gpuPage = await gpuApp.openApp();
      if (!(await hasWebGpuAdapter(gpuPage))) {
        console.log('[webgpu] skipped: navigator.gpu gives no adapter in this Chromium');
        context.skip();
        return;
      }
      await loadSample(gpuPage);
      const tiny = await tinyModel(gpuPage);
      await runFromUi(gpuPage, tiny);
      const gpu = await lastRun(gpuPage);
      expect(gpu.details).toMatchObject({ backend: 'webgpu', graph: 'onnx/model_quantized.onnx' });
      expect(gpu.judge).toBe(wasm.judge);
      expect(gpu.values).toEqual(wasm.values);
    } finally {
      await gpuApp.close();
    }
  }, 300_000);
});
