/**
 * The page under the second hostile round (issue 24), in Chromium: the core's Big5 decoder gives what the browser's
 * own WHATWG TextDecoder gives for every two-byte code; a file whose first row is an unrecognised header is refused
 * until its columns are chosen; systems named __proto__ and constructor are imported, run and shown.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Big5Decoder } from '../../src/core/io/big5.ts';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { openAt, runFromUi, tab } from './steps.ts';

describe('hostile input in the page', () => {
  let app: AppBrowser;
  let page: Page;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'csc-hostile-e2e-'));
    app = await launchApp();
    page = await openAt(app, 1400, 1000);
    await page.getByTestId('load-sample').waitFor();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the shared Big5 decoder equals the browser’s TextDecoder("big5") on every two-byte code', async () => {
    const codes: number[] = [];
    for (let lead = 0x81; lead <= 0xfe; lead++) for (let trail = 0x40; trail <= 0xfe; trail++) if (trail <= 0x7e || trail >= 0xa1) codes.push((lead << 8) | trail);
    const browser = await page.evaluate((all: number[]) => {
      return all.map((c) => {
        try {
          return new TextDecoder('big5', { fatal: true }).decode(Uint8Array.from([c >> 8, c & 0xff]));
        } catch {
          return null;
        }
      });
    }, codes);
    const ours = codes.map((c) => {
      try {
        return new Big5Decoder({ fatal: true }).decode(Uint8Array.from([c >> 8, c & 0xff]));
      } catch {
        return null;
      }
    });
    const differ = codes.filter((_, i) => browser[i] !== ours[i]).map((c) => c.toString(16));
    // The standard's four pointers that decode to two code points (Ê̄ Ê̌ ê̄ ê̌): Chromium 156 returns a C1 control and a
    // lone surrogate there (U+0093 U+DF04 for 88 62), not what the Encoding Standard says; ours follows the standard.
    expect(differ).toEqual(['8862', '8864', '88a3', '88a5']);
    expect(ours[codes.indexOf(0x8862)]).toBe('\u00ca\u0304');
    expect(browser.filter((x) => x !== null).length).toBeGreaterThan(18_000);
  });

  it('refuses an unrecognised header until its columns are chosen; __proto__ and constructor are two systems', async () => {
    const test = path.join(work, 'h.tsv');
    writeFileSync(test, '编号\t原句\t正确\na\t我门去学校。\t我们去学校。\nb\t他门走了。\t他们走了。\n');
    const proto = path.join(work, '__proto__.tsv');
    writeFileSync(proto, 'id\tprediction\na\t我们去学校。\nb\t他们走了。\n');
    const ctor = path.join(work, 'constructor.tsv');
    writeFileSync(ctor, 'id\tprediction\na\t我门去学校。\nb\t他们走了。\n');
    await tab(page, 'Data');
    await page.getByTestId('pick-files').setInputFiles([test, proto, ctor]);
    await expect.poll(() => page.getByTestId('staged-file').count()).toBe(3);
    await expect.poll(() => page.getByTestId('file-issues').first().textContent()).toMatch(/the first row looks like a header, but no column name is recognised \(first row: "编号", "原句", "正确"\)/);
    await expect(page.getByTestId('import-button').isDisabled()).resolves.toBe(true);
    const first = page.getByTestId('staged-file').first();
    await first.getByTestId('column-id').selectOption('编号');
    await first.getByTestId('column-source').selectOption('原句');
    await first.getByTestId('column-references').selectOption('正确');
    await expect.poll(() => page.getByTestId('import-status').textContent()).toMatch(/Ready: 2 systems/);
    await page.getByTestId('import-button').click();
    await expect.poll(() => page.getByTestId('dataset-select').locator('option:checked').textContent()).toContain('h (2)');
    await runFromUi(page, null);
    await tab(page, 'Dashboard');
    await expect.poll(() => page.locator('td[data-system="__proto__"]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('td[data-system="constructor"]').count()).toBeGreaterThan(0);
  });
});
