/**
 * Writes test/core/opencc/t2s-reference.json: sentences that hit every dictionary line whose conversion differs
 * between OpenCC 1.1.2, opencc-python-reimplemented 0.1.7 and today's OpenCC (opencc-js), pairs of phrases that
 * overlap (each pair on which the two programs part, and every tenth of the others), and a few edge cases; with
 * what the two pinned programs print for each. The programs themselves give the expected values:
 *
 *   bash test/core/opencc/reference/build-opencc.sh OPENCC_REPO /tmp/opencc-1.1.2   # prints HARNESS CONFIG
 *   npx tsx test/core/opencc/reference/make-fixture.ts HARNESS CONFIG OPENCC_PYTHON_CHECKOUT
 *
 * OPENCC_PYTHON_CHECKOUT: yichen0831/opencc-python at the 0.1.7 commit (models/opencc/build.ts names it), with
 * its opencc/ folder; Debian's python3 runs it (pure Python, no dependency).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { T2sTable } from '../../../../src/core/opencc/table.ts';
import { builtTable } from '../../../fixtures/t2s-tables.ts';

type Entries = ReadonlyMap<string, string>;
type Dictionaries = Pick<T2sTable, 'phrases' | 'characters'>;

const here = path.dirname(fileURLToPath(import.meta.url));

async function fromOpenccJs(): Promise<Dictionaries> {
  const read = async (name: string): Promise<Entries> =>
    new Map(((await import(`opencc-js/dict/${name}`)) as { default: string }).default.split('|').map((l) => l.split(' ') as [string, string]));
  return { phrases: await read('TSPhrases'), characters: await read('TSCharacters') };
}

/** [input, why]: each key whose first value differs between the tables, in a short sentence. */
function differingLines(tables: Dictionaries[], kind: keyof Dictionaries, tag: string): [string, string][] {
  const keys = [...new Set(tables.flatMap((t) => [...t[kind].keys()]))].sort();
  return keys
    .filter((k) => new Set(tables.map((t) => t[kind].get(k))).size > 1)
    .map((k) => [`他說${k}了。`, `${tag} ${k}: ${tables.map((t) => t[kind].get(k) ?? '-').join(' / ')}`]);
}

/** A + the rest of B wherever A ends with the start of B. */
function overlaps(tables: Dictionaries[]): [string, string][] {
  const phrases = [...new Set(tables.flatMap((t) => [...t.phrases.keys()]))].sort().map((p) => Array.from(p));
  const out: [string, string][] = [];
  for (const a of phrases) {
    for (const b of phrases) {
      for (let n = 1; n < Math.min(a.length, b.length); n++) {
        if (a.slice(-n).join('') === b.slice(0, n).join('')) out.push([[...a, ...b.slice(n)].join(''), `overlap ${a.join('')} + ${b.join('')}`]);
      }
    }
  }
  return out;
}

const EDGES: [string, string][] = [
  ['', 'empty'],
  ['乾坤\\0瀋陽', 'NUL (written \\0): the C++ stops there'],
  ['么麼些族，麼些族 么麼\t么麼\u3000麼些族', 'separators between overlapping phrases'],
  ['𠀀乾淨𡃁 ABC 123 乾隆', 'non-BMP and Latin around phrases'],
];

/** Overlaps on which the programs part, and every tenth of the others: the rest teach nothing new. */
let overlapsSeen = 0;
function keep([, opencc, python, why]: string[]): boolean {
  if (!why!.startsWith('overlap')) return true;
  return opencc !== python || overlapsSeen++ % 10 === 0;
}

function run(command: string, args: string[], input: string): string[] {
  const out = execFileSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.split('\n').slice(0, -1);
}

const [harness, config, pythonCheckout] = process.argv.slice(2);
if (!harness || !config || !pythonCheckout) {
  console.error('usage: npx tsx test/core/opencc/reference/make-fixture.ts HARNESS T2S_JSON OPENCC_PYTHON_CHECKOUT');
  process.exit(2);
}
const tables = [builtTable('opencc-1.1.2'), builtTable('opencc-python-reimplemented-0.1.7'), await fromOpenccJs()];
const cases = [...differingLines(tables, 'phrases', 'TSPhrases'), ...differingLines(tables, 'characters', 'TSCharacters'), ...overlaps(tables), ...EDGES];
const text = cases.map(([input]) => input + '\n').join('');
const opencc = run(harness, [config], text);
const dir = mkdtempSync(path.join(tmpdir(), 'csc-t2s-'));
writeFileSync(path.join(dir, 'lines.txt'), text);
const python = run('python3', [path.join(here, 'opencc-python.py'), pythonCheckout, path.join(dir, 'lines.txt')], '');
rmSync(dir, { recursive: true });
if (opencc.length !== cases.length || python.length !== cases.length) throw new Error(`${cases.length} inputs, ${opencc.length} and ${python.length} outputs`);
const fixture = {
  made_by: 'test/core/opencc/reference/make-fixture.ts',
  programs: {
    'opencc-1.1.2': 'OpenCC ver.1.1.2 built from its tag, SimpleConverter::Convert(bytes, length) with t2s.json (opencc-harness.cpp)',
    'opencc-python-reimplemented-0.1.7': "opencc-python-reimplemented at its 0.1.7 commit, OpenCC('t2s').convert on Python 3 (opencc-python.py)",
  },
  licence: 'the inputs quote keys of OpenCC and opencc-python-reimplemented dictionaries (Apache-2.0, models/opencc/README.md)',
  columns: ['input (\\0 = U+0000)', 'opencc-1.1.2', 'opencc-python-reimplemented-0.1.7', 'why: dictionary, key, values in 1.1.2 / python 0.1.7 / current'],
  rows: cases.map(([input, why], i) => [input, opencc[i]!, python[i]!, why]).filter(keep),
};
writeFileSync(path.join(here, '../t2s-reference.json'), '{\n' + Object.entries(fixture).map(([k, v]) => (k === 'rows' ? ` "rows": [\n${fixture.rows.map((r) => '  ' + JSON.stringify(r)).join(',\n')}\n ]` : ` ${JSON.stringify(k)}: ${JSON.stringify(v)}`)).join(',\n') + '\n}\n');
console.log(`${fixture.rows.length} of ${cases.length} cases kept`);
