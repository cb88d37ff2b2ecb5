/**
 * Offline for real: a fresh profile visits the built site once, the network goes away, the page reloads, and the
 * default model is still listed, its card opens, and a run with it completes, with no request reaching the server;
 * without the model's files in the cache, a run with it is refused by name instead of judged by something else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { DEFAULT_DIST, launchApp } from './browser.ts';
import { en } from '../../src/ui/shared/i18n/en.ts';

const index = JSON.parse(readFileSync(path.join(DEFAULT_DIST, 'models/index.json'), 'utf8')) as { models: { name: string; default: boolean; manifest: { files: unknown[] } }[] };
const defaultModel = index.models.find((m) => m.default);

/** index.json, the manifest, the card and every listed file of the default model. */
async function cachedModelEntries(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg?.active || !navigator.serviceWorker.controller) return -1;
    return (await (await caches.open('csc-studio-models')).keys()).length;
  });
}

describe('offline after one visit, with the default model', () => {
  let app: AppBrowser;
  let page: Page;

  beforeAll(async () => {
    if (!defaultModel) throw new Error(`${DEFAULT_DIST} has no default model: models/default/ must be built into the site`);
    app = await launchApp();
    page = await app.openApp();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  afterAll(async () => app?.close());

  it('caches the page, the runtime and the default model during the first visit, without being asked', async () => {
    await page.getByTestId('load-sample').click();
    await page.getByTestId('dataset-card').first().waitFor();
    const expected = 3 + defaultModel!.manifest.files.length;
    await expect.poll(() => cachedModelEntries(page), { timeout: 90_000, interval: 500 }).toBe(expected);
    // The page loads the default model ahead once the worker has taken over: from its cache, so the model and the
    // runtime came from the server once each.
    await page.getByRole('tab', { name: en.tabs['run']! }).click();
    await expect.poll(() => page.getByTestId('model-preparation').getAttribute('data-state'), { timeout: 90_000 }).toBe('ready');
    const downloads = (test: (path: string) => boolean) => app.server.served.filter(test).length;
    expect(downloads((p) => p.endsWith('/onnx/model.onnx'))).toBe(1);
    expect(downloads((p) => p.endsWith('/tokenizer.json') && p.includes('/models/default/'))).toBe(1);
    expect(downloads((p) => /ort-wasm[^/]*\.wasm$/.test(p))).toBe(1);
  });

  it('after a reload with no network: the default model is listed, offline, and judges a run', async () => {
    await app.setOffline(true);
    // Chromium's offline emulation does not cover the service worker's own fetches: stop the server as well, so
    // only the caches remain (the server stays stopped: nothing more is asked of it).
    const servedBefore = app.server.served.length;
    await app.server.close();
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('tab', { name: en.tabs['run']! }).click();
    const option = page.locator('[data-testid="judge-select"] option[value="site:default"]');
    await expect.poll(() => option.count(), { timeout: 30_000 }).toBe(1);

    // Workspace: the default model says it is available offline, and its card opens.
    await page.getByRole('tab', { name: en.tabs['workspace']! }).click();
    const site = page.getByTestId('ws-site-model').filter({ hasText: '(default)' });
    await site.getByTestId('model-offline').waitFor({ timeout: 30_000 });
    const [card] = await Promise.all([page.context().waitForEvent('page'), site.getByTestId('model-card-link').click()]);
    await card.waitForLoadState('load');
    expect(await card.locator('aside.note').textContent()).toContain('lexical baseline');
    expect(await card.locator('h1').textContent()).toContain('csc-studio-lexical-zh');
    await card.close();

    // A run judged by the default model completes offline.
    await page.getByRole('tab', { name: en.tabs['run']! }).click();
    const toggle = page.getByTestId('gcsc-toggle');
    if (!(await toggle.isChecked())) await toggle.click();
    await page.getByTestId('judge-select').selectOption('site:default');
    const before = await page.getByTestId('run-row').count();
    await page.getByTestId('start-run').click();
    await page.getByTestId('run-row').nth(before).waitFor();
    await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 300_000 });
    await page.getByRole('tab', { name: en.tabs['run']! }).click();
    await expect.poll(() => page.getByTestId('run-status').nth(before).textContent(), { timeout: 30_000 }).toBe('done');

    expect(app.server.served.slice(servedBefore)).toEqual([]); // nothing reached the server while offline
  });

  it('offline without the model files cached: the run does not start and the page names the model', async () => {
    // Drop the default model's files (not the model list) from the cache, as if the first visit had not kept them.
    await page.evaluate(async () => {
      const cache = await caches.open('csc-studio-models');
      for (const request of await cache.keys()) if (request.url.includes('?sha256=')) await cache.delete(request);
    });
    await page.getByRole('tab', { name: en.tabs['run']! }).click();
    await page.getByTestId('judge-select').selectOption('site:default');
    const before = await page.getByTestId('run-row').count();
    await page.getByTestId('start-run').click();
    const refusal = page.getByTestId('run-settings-error');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toBe(en.trust.modelOffline('csc-studio-lexical-zh'));
    // No run was created, and none judged with anything else.
    expect(await page.getByTestId('run-row').count()).toBe(before);
    expect(await page.getByTestId('run-progress').count()).toBe(0);
  });
});
