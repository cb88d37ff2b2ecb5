import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SighanEdit } from '../../src/core/metrics/sighan-labels.ts';
import { sharedDataDir } from './shared-data.ts';

/**
 * The official SIGHAN15 truth file, read as metric_core.py's read_file does (`line.strip().split(', ')`,
 * "ID, 0" = no error). The realise/scope numbers for sighan15 were produced against this file, not test.tsv.
 */
export function readOfficialTruth(): Map<string, SighanEdit[]> {
  const file = path.join(sharedDataDir(), 'sighan15', 'sighan-format-TestTruth.txt');
  const out = new Map<string, SighanEdit[]>();
  for (const raw of readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const row = line.split(', ');
    const edits: SighanEdit[] = [];
    if (!(row.length === 2 && row[1] === '0')) {
      for (let i = 1; i < row.length; i += 2) edits.push([Number.parseInt(row[i]!, 10), row[i + 1]!]);
    }
    out.set(row[0]!, edits);
  }
  return out;
}

/** |a − b| ≤ 1e-9, absolute or relative to b. */
export function closeFloat(a: unknown, b: number): boolean {
  return typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}
