/**
 * Builds the traditional→simplified tables of models/opencc/ from the two programs' own dictionaries, read at the
 * pinned commits of their git repositories (a clone or a bare mirror of each):
 *
 *   npx tsx models/opencc/build.ts OPENCC_REPO OPENCC_PYTHON_REPO
 *
 * OPENCC_REPO: BYVoid/OpenCC (tag ver.1.1.2); OPENCC_PYTHON_REPO: yichen0831/opencc-python (the "Bump version
 * 0.1.7." commit of opencc-python-reimplemented). Each line is read as its program reads it (OpenCC's TextDict:
 * key, tab, space-separated values, the first being the one t2s writes; the Python package: strip, split on the
 * tab, the first of the space-separated values); anything either program would read differently from the plain
 * reading (no tab, a duplicated key, spaces around a line, an empty value) stops the build. Only each key and its
 * first value are kept. README.md describes the layout.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

interface Source {
  conversion: string;
  repository: string;
  version: string;
  commit: string;
  /** Where TSPhrases.txt and TSCharacters.txt sit in that commit. */
  folder: string;
  /** The program's own copyright line (its NOTICE or AUTHORS). */
  copyright: string;
}

const SOURCES: readonly Source[] = [
  {
    conversion: 'opencc-1.1.2',
    repository: 'BYVoid/OpenCC',
    version: 'ver.1.1.2',
    commit: 'be3af873de7d9ca28c274b4a917d9fcd953345cf',
    folder: 'data/dictionary',
    copyright: 'Copyright (c) Carbo Kuo (BYVoid) and the OpenCC contributors',
  },
  {
    conversion: 'opencc-python-reimplemented-0.1.7',
    repository: 'yichen0831/opencc-python',
    version: '0.1.7',
    commit: 'b85452e384a3650109809fe5fefacb2ae4fe89d2',
    folder: 'opencc/dictionary',
    copyright: 'OpenCC-Python, Copyright 2016 (Yichen Huang); dictionary data developed by OpenCC',
  },
];

const DICTIONARIES = ['TSPhrases', 'TSCharacters'] as const;

function readAt(repo: string, source: Source, file: string): string {
  return execFileSync('git', ['-C', repo, 'show', `${source.commit}:${source.folder}/${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** [key, first value] per line, in file order. */
function parseDictionary(text: string, where: string): [string, string][] {
  if (text.includes('\r')) throw new Error(`${where}: carriage returns; only \\n line ends are read here`);
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const lines = body.endsWith('\n') ? body.slice(0, -1).split('\n') : body.split('\n');
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const at = `${where} line ${i + 1}`;
    const fields = line.split('\t');
    if (fields.length !== 2) throw new Error(`${at}: ${fields.length - 1} tabs, expected one`);
    if (line.trim() !== line) throw new Error(`${at}: white space around the line`);
    const [key, values] = fields as [string, string];
    const first = values.split(' ')[0]!;
    if (key === '' || first === '') throw new Error(`${at}: empty key or first value`);
    if (seen.has(key)) throw new Error(`${at}: key ${key} again`);
    seen.add(key);
    return [key, first];
  });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const codePoints = (s: string) => Array.from(s).length;

function build(repo: string, source: Source): void {
  const files: Record<string, string> = {};
  const parsed: Record<string, [string, string][]> = {};
  for (const name of DICTIONARIES) {
    const text = readAt(repo, source, `${name}.txt`);
    files[`${source.folder}/${name}.txt`] = sha256(text);
    parsed[name] = parseDictionary(text, `${source.repository}@${source.version} ${name}.txt`);
  }
  const characters = parsed['TSCharacters']!;
  // The loader reads characters as alternating code points.
  const odd = characters.find(([k, v]) => codePoints(k) !== 1 || codePoints(v) !== 1);
  if (odd) throw new Error(`TSCharacters.txt maps ${odd[0]} to ${odd[1]}: not one character to one`);
  const table = {
    format: 'csc-studio t2s 1',
    conversion: source.conversion,
    source: `${source.repository} ${source.version} (commit ${source.commit})`,
    licence: `Apache-2.0; ${source.copyright}`,
    files,
    phrases: parsed['TSPhrases']!.map(([k, v]) => `${k} ${v}`),
    characters: characters.map(([k, v]) => k + v).join(''),
  };
  writeFileSync(new URL(`${source.conversion}-t2s.json`, import.meta.url), JSON.stringify(table, null, 1) + '\n');
  console.log(`${source.conversion}: ${table.phrases.length} phrases, ${characters.length} characters`);
}

const repos = process.argv.slice(2);
if (repos.length !== SOURCES.length) {
  console.error('usage: npx tsx models/opencc/build.ts OPENCC_REPO OPENCC_PYTHON_REPO (git clones or mirrors)');
  process.exit(2);
}
SOURCES.forEach((source, i) => build(repos[i]!, source));
