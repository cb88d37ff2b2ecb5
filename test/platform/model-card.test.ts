import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { inline, markdownToHtml } from '../../src/platform/vite/markdown.ts';
import { modelCardPage } from '../../src/platform/vite/model-card-page.ts';
import { discoverSiteModels, modelIndex, renderCard } from '../../src/platform/vite/site-models.ts';
import { modelPrecacheEntries } from '../../src/platform/vite/service-worker.ts';
import { isLexicalBaseline, LEXICAL_NOTE } from '../../src/platform/model-card.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'csc-card-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('Markdown for model cards', () => {
  test('inline marks, escaping first, code spans untouched', () => {
    expect(inline('a **lexical baseline**, *not* a <b>neural</b> one')).toBe('a <strong>lexical baseline</strong>, <em>not</em> a &lt;b&gt;neural&lt;/b&gt; one');
    expect(inline('run `npm run **x**` & see [the card](default/MODEL_CARD.md)')).toBe('run <code>npm run **x**</code> &amp; see <a href="default/MODEL_CARD.md">the card</a>');
    expect(inline('[bad](javascript:alert(1))')).toBe('bad)'); // the link is dropped, its text kept
    expect(inline('2 * 3 * 4')).toBe('2 * 3 * 4');
  });

  test('headings, paragraphs joined across lines, lists with wrapped items, pipe tables', () => {
    const md = '# Title\n\nOne\ntwo.\n\n1. first\n   still first\n2. second\n\n- a\n- b\n\n| k | v |\n| --- | --- |\n| x | `y` |\n';
    expect(markdownToHtml(md)).toBe(
      '<h1>Title</h1>\n<p>One two.</p>\n<ol><li>first still first</li><li>second</li></ol>\n<ul><li>a</li><li>b</li></ul>\n' +
        '<table><thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td>x</td><td><code>y</code></td></tr></tbody></table>',
    );
  });

  test('the card page leads with the note in both languages and has no script', () => {
    const html = modelCardPage('# M\n\ntext', { title: 'm', note: LEXICAL_NOTE });
    expect(html).toContain('<p lang="en">The default model is a lexical baseline');
    expect(html).toContain('<p lang="zh-Hans">默认模型是一个词汇基线模型');
    expect(html.indexOf('lexical baseline')).toBeLessThan(html.indexOf('<h1>M</h1>'));
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the default model card in the site', () => {
  test('the embedded model is a lexical baseline; the test models are not', () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'models/default/manifest.json'), 'utf8')) as { name: string };
    expect(isLexicalBaseline(manifest)).toBe(true);
    expect(isLexicalBaseline({ name: 'tiny-bert-cls' })).toBe(false);
  });

  test('a folder with MODEL_CARD.md gets a card page listed in the index; one without gets none', () => {
    const models = tempDir();
    cpSync(path.join(REPO, 'models/test/tiny-bert-cls'), path.join(models, 'default'), { recursive: true });
    writeFileSync(path.join(models, 'default', 'MODEL_CARD.md'), '# Tiny\n\nRandom **weights**.\n');
    cpSync(path.join(REPO, 'models/test'), path.join(models, 'test'), { recursive: true });
    const found = discoverSiteModels(models, ['default'], true);
    const index = modelIndex(found);
    expect(index.models.map((m) => m.card)).toEqual(['models/default/MODEL_CARD.html', undefined, undefined]);
    const page = renderCard(found[0]!)!;
    expect(page).toContain('<p>Random <strong>weights</strong>.</p>');
    expect(page).not.toContain('lexical baseline'); // tiny-bert-cls is not one
    expect(renderCard(found[1]!)).toBeUndefined();
  });

  test('the real card renders with the note first', () => {
    const [model] = discoverSiteModels(path.join(REPO, 'models'), ['default'], false);
    const page = renderCard(model!)!;
    expect(page).toContain(LEXICAL_NOTE.en);
    expect(page).toContain('<h1>csc-studio-lexical-zh — the embedded default model</h1>');
    expect(page).toContain('<table>');
  });
});

describe('offline models in the precache', () => {
  test('the default model: index, manifest, card and every listed file under its ?sha256= URL', () => {
    const out = tempDir();
    const manifest = {
      name: 'm',
      files: [
        { path: 'onnx/model.onnx', sha256: 'a'.repeat(64), size: 3 },
        { path: 'tokenizer.json', sha256: 'b'.repeat(64), size: 2 },
        { path: 'absent.json', sha256: 'c'.repeat(64), size: 9 },
      ],
    };
    const index = {
      version: 1,
      models: [
        { name: 'default', path: 'models/default/', default: true, bytes: 5, manifest, card: 'models/default/MODEL_CARD.html' },
        { name: 'test/t', path: 'models/test/t/', default: false, bytes: 5, manifest },
      ],
    };
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      writeFileSync(path.join(out, rel), text);
    };
    write('models/index.json', JSON.stringify(index));
    write('models/default/manifest.json', '{}');
    write('models/default/MODEL_CARD.html', '<p>');
    write('models/default/onnx/model.onnx', 'abc');
    write('models/default/tokenizer.json', '{}');
    const { entries, bytes } = modelPrecacheEntries(out);
    expect(entries.map((e) => e.url)).toEqual([
      'models/index.json',
      'models/default/manifest.json',
      'models/default/MODEL_CARD.html',
      `models/default/onnx/model.onnx?sha256=${'a'.repeat(64)}`,
      `models/default/tokenizer.json?sha256=${'b'.repeat(64)}`,
    ]);
    expect(entries.every((e) => e.cache === 'models')).toBe(true);
    expect(bytes).toBe(JSON.stringify(index).length + 2 + 3 + 3 + 2);
    expect(modelPrecacheEntries(tempDir())).toEqual({ entries: [], bytes: 0 });
    expect(existsSync(path.join(out, 'models/test'))).toBe(false);
  });
});
