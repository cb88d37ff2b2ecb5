/**
 * opencc-1.1.2 against Debian's `opencc -c t2s.json` (OpenCC 1.1.6, the same algorithm) on every text of the shared
 * data and its traditional rendering (`opencc -c s2t.json`), except lines that hit a dictionary line 1.1.2 and
 * 1.1.6 do not share (1.1.6's dictionaries are opencc-python-reimplemented 0.1.7's, models/opencc/README.md).
 * test/core/opencc/t2s-reference.json checks the lines they do not share against OpenCC 1.1.2 itself.
 * Skipped, saying so, where the `opencc` command is missing (apt-get install opencc).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toSimplified } from '../../src/core/opencc/t2s.ts';
import { builtTable, differingKeys } from '../fixtures/t2s-tables.ts';
import { sharedDataDir } from './shared-data.ts';

const hasOpencc = spawnSync('opencc', ['--version']).status === 0;
if (!hasOpencc) console.warn('SKIPPED t2s against Debian opencc: no `opencc` command (apt-get install opencc)');

function opencc(config: string, lines: string[]): string[] {
  const out = spawnSync('opencc', ['-c', config], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 256 << 20 });
  if (out.status !== 0) throw new Error(`opencc -c ${config}: ${out.stderr}`);
  return out.stdout.split('\n').slice(0, lines.length);
}

/** Every Chinese cell of the shared TSV, para and M2 (S lines) files, once. */
function sharedTexts(): string[] {
  const texts = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.(tsv|txt|para|char)$/.test(e.name)) {
        for (const line of readFileSync(file, 'utf8').split('\n')) {
          const cells = line.startsWith('S ') ? [line.slice(2).replaceAll(' ', '')] : line.split('\t');
          for (const c of cells) if (/[\u4e00-\u9fff]/.test(c) && !/[\r\u2028\u2029\u0085]/.test(c)) texts.add(c);
        }
      }
    }
  };
  walk(sharedDataDir());
  return [...texts].sort();
}

/** Keys whose line differs between the 1.1.2 and 0.1.7 (= 1.1.6) tables. */
function unsharedKeys(): string[] {
  const [a, b] = [builtTable('opencc-1.1.2'), builtTable('opencc-python-reimplemented-0.1.7')];
  return [...differingKeys(a, b, 'phrases'), ...differingKeys(a, b, 'characters')];
}

describe.skipIf(!hasOpencc)('opencc-1.1.2 against Debian opencc 1.1.6 on the shared data', { timeout: 120_000 }, () => {
  it('converts every line that hits only dictionary lines the two share as the command does', () => {
    const simplified = sharedTexts();
    const lines = [...simplified, ...opencc('s2t.json', simplified)];
    const unshared = unsharedKeys();
    const shared = lines.filter((l) => !unshared.some((k) => l.includes(k)));
    const theirs = opencc('t2s.json', shared);
    const differing = shared.filter((l, i) => toSimplified(l, 'opencc-1.1.2') !== theirs[i]);
    console.log(`t2s: ${shared.length} of ${lines.length} lines compared with opencc -c t2s.json, ${differing.length} differ`);
    expect(shared.length).toBeGreaterThan(10_000);
    expect(differing).toEqual([]);
  });
});
