/**
 * The Chinese interface, completely: with the sample loaded and a run done (Eval-CSC and Eval-GCSC with the exact
 * judge), every tab is rendered in Chinese, with its collapsed sections opened, the sentence detail of a row whose
 * lengths differ, the classroom's every step and a comparison; any visible Latin-script word (two letters or more,
 * in text, aria-label, title or placeholder) outside a short allow-list fails the test, listed by tab.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBrowser, Page } from './browser.ts';
import { launchApp } from './browser.ts';
import { forEachTab, loadSample, openAt, runFromUi } from './steps.ts';
import { zh } from '../../src/ui/shared/i18n/zh.ts';

/**
 * Words that stay Latin in Chinese: profile and metric names, the metrics' own key names as the scripts print
 * them, file formats, the app's and models' names, units, and the sample's system names.
 */
const ALLOWED = new Set(
  [
    // the app, the papers' metric names
    'CSC', 'Studio', 'Eval', 'GCSC', 'pro', 'Li', 'Liu', 'Wang', 'et', 'al',
    // profiles
    'cscd', 'ns', 'sighan', 'realise', 'scope', 'lemon', 'levenshtein', 'proofread', 'cherrant', 'cllm', 'difflib', 'gcsc', 'ops', 'simple', 'csc',
    'conventional', 'official', 'wang',
    // statistics and confusion cells
    'F1', 'F0', 'cs', 'ds', 'dt', 'null', 'TP', 'FP', 'FN', 'TN', 'CI', 'ne', 'enp', 'SIGHAN', 'CSCD', 'NS', 'ChERRANT', 'LLM', 'BERT',
    // formats, encodings, units
    'CSV', 'TSV', 'JSON', 'Lines', 'JSONL', 'HTML', 'Markdown', 'SVG', 'PNG', 'UTF', 'GB', 'Big', 'KB', 'MB', 'ONNX', 'WASM', 'WebGPU', 'IndexedDB', 'jieba',
    // a model's graphs (the Run tab's choice)
    'int8', 'fp32',
    // models
    'bge', 'small', 'zh', 'v1', 'text2vec', 'base', 'chinese', 'lexical', 'studio', 'exact',
    // the sample's systems and file names
    'bert', 'like', 'llm', 'sample', 'test', 'tsv', 'jsonl', 'txt', 'md', 'json', 'html', 'csv',
    // languages in the language menu
    'English',
    // proper names, authors and standard abbreviations
    'Jaccard', 'Cohen', 'ROC', 'AUC', 'Esc', 'Yin', 'Wan', 'Efron', 'Tibshirani', 'Koehn', 'Riezler', 'Maxwell', 'Holm', 'CLI', 'sha',
    // the file formats' own names: SIGHAN's para format, encodings, the generator's error probability Pe, a TAB
    'para', 'GB18030', 'Big5', 'Pe', 'TAB', 'id',
  ].map((w) => w.toLowerCase()),
);

/**
 * Visible text of the page and the accessible names of visible elements. Left out: `<code>` (identifiers that are
 * the same in every language: metric keys as the scripts print them, column names read from a file) and elements
 * marked lang="en" (core messages the page has only in English, e.g. a profile's warning without a code, and
 * English by nature, e.g. a model's licence from its manifest); those are returned apart, to be listed.
 */
async function visibleText(page: Page): Promise<{ text: string; english: string[] }> {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el === document.body;
    // SVG text (the leaderboard's card) has no innerText: its textContent is what it draws.
    const english = [...document.querySelectorAll<HTMLElement>('[lang^="en"]')].filter(visible).map((el) => (el.innerText ?? el.textContent ?? '').trim());
    const hidden = [...document.querySelectorAll<HTMLElement>('code, [lang^="en"]')];
    const saved = hidden.map((el) => el.style.display);
    hidden.forEach((el) => (el.style.display = 'none'));
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder]')) {
      if (!visible(el) || el.closest('[lang^="en"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(name);
        if (v) parts.push(v);
      }
    }
    hidden.forEach((el, i) => (el.style.display = saved[i]!));
    return { text: parts.join('\n'), english };
  });
}

/** Names that stay as they are, removed before the scan: the sample's dataset and systems, models, metric names. */
const ALLOWED_PHRASES = [
  'sample-teaching-set', 'bert-like', 'llm-like', 'csc-studio-lexical-zh', 'test/tiny-bert-cls', 'test/tiny-bert-mean', '“default”',
  'Eval-GCSC', 'Eval-CSC', 'C-LLM', 'R_pro', 'Sentence-Transformers', 'Text2Vec', 'GPT-4', 'ChatGPT', 'SoftBERT', 'tiny-bert-cls', 'tiny-bert-mean',
  // the segmenter's id, commands and file names the text quotes
  'hmm=off', 'csc-studio generate', 'csc-studio eval --ci', 'csc-studio compare', 'csc-studio eval --judge labels:', 'docs/stats.md',
  'tokenizer.json', 'manifest.json', 'optimum', 'id, system, start, end, reference, prediction, label, annotator',
  // the licences and the works the default model is built from, named in its licence line
  'CC BY-SA 4.0', 'CC BY-SA 3.0', 'CC-CEDICT', 'sunpinyin-data', 'open-gram', 'dict.txt', 'WordNet 3.0', 'WordNet', 'MIT', 'npm', 'segment',
  // titles of the works cited (they stay in their language)
  'An Introduction to the Bootstrap', 'Statistical significance tests for machine translation evaluation',
  'On some pitfalls in automatic evaluation and significance testing for MT', 'A simple sequentially rejective multiple test procedure',
];

/** Lines holding Latin-script words (two letters or more) outside the allow-lists, each with those words. */
function latinLines(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const raw of text.split('\n')) {
    // Fingerprints and other hex digests are numbers; file names (the scripts', the models') stay as they are.
    let line = raw.replace(/\b[0-9a-f]{16,}\b/g, ' ').replace(/[\w./-]+\.(py|json|jsonl|txt|md|tsv|csv|html|onnx)\b/g, ' ');
    for (const phrase of ALLOWED_PHRASES) line = line.split(phrase).join(' ');
    const words = [...line.matchAll(/[A-Za-z][A-Za-z0-9]*/g)].map((m) => m[0]).filter((w) => /[A-Za-z]{2,}/.test(w) && !ALLOWED.has(w.toLowerCase()));
    if (words.length > 0) out.set(raw.trim().slice(0, 160), [...new Set(words)]);
  }
  return out;
}

async function openDetails(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  await page.waitForTimeout(200);
}

describe('the Chinese interface', () => {
  let app: AppBrowser;
  let page: Page;
  /** Offending line → where it was first seen and its words (a line seen on every tab is listed once). */
  const found: Record<string, string> = {};
  /** Text shown in English on purpose (lang="en"): listed in the report, not failed on. */
  const englishOnly = new Set<string>();

  async function scan(label: string): Promise<void> {
    await openDetails(page);
    const { text, english } = await visibleText(page);
    for (const [line, words] of latinLines(text)) found[line] ??= `${label}: ${words.join(' ')}`;
    for (const line of english) englishOnly.add(line.slice(0, 160));
  }

  beforeAll(async () => {
    app = await launchApp();
    page = await openAt(app, 1280, 720);
  });
  afterAll(async () => app?.close());

  // runFromUi finds tabs by their English names: run first, then switch the language with the page's control.
  it('loads the sample, runs it and switches to Chinese', async () => {
    await loadSample(page);
    await runFromUi(page, 'exact');
    await page.getByTestId('lang-select').selectOption('zh');
    expect(await page.getByRole('tab').first().textContent()).toBe(zh.tabs['data']);
  });

  it('every tab, with a run loaded, shows no Latin-script word outside the allow-list', async () => {
    await forEachTab(page, scan);
  });

  it('the sentence detail of a row whose lengths differ', async () => {
    await page.getByRole('tab', { name: zh.tabs['explorer']! }).click();
    await page.getByTestId('explorer-system').selectOption({ label: 'llm-like' });
    await page.getByTestId('filter-unequal').click();
    const row = page.getByTestId('sentence-row').first();
    await row.waitFor();
    await row.click();
    await page.getByTestId('sentence-detail').waitFor();
    await scan(`${zh.tabs['explorer']} · detail`);
    // The refusal is there, and in Chinese.
    expect(await page.getByTestId('profile-verdicts').textContent()).toContain(zh.explorer.refusedBy);
    // cscd's refusal (unequal lengths) comes from the core with a code: it is shown in Chinese, not in English.
    const reason = await page.getByTestId('refusal-reason').first().textContent();
    expect(reason).toMatch(/^要求原句、参考答案与预测等长（按字符计）；有 \d+ 行长度不同：/);
    expect(await page.getByTestId('profile-verdicts').locator('[lang="en"]').count()).toBe(0);
  });

  it('the classroom with every step shown', async () => {
    await page.getByRole('tab', { name: zh.tabs['classroom']! }).click();
    await page.getByRole('button', { name: zh.classroom.showAll }).click();
    await page.getByTestId('classroom-verdict').waitFor({ timeout: 60_000 });
    await scan(`${zh.tabs['classroom']} · steps`);
  });

  it('a comparison', async () => {
    await page.getByRole('tab', { name: zh.tabs['compare']! }).click();
    await page.getByTestId('compare-run').click();
    await page.getByTestId('compare-table').waitFor({ timeout: 120_000 });
    await scan(`${zh.tabs['compare']} · result`);
  });

  it('lists nothing', () => {
    if (process.env['CSC_E2E_REPORT']) writeFileSync(process.env['CSC_E2E_REPORT'], JSON.stringify({ found, englishOnly: [...englishOnly] }, null, 1));
    expect(found).toEqual({});
  });
});
