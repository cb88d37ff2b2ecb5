/**
 * Labelled sentence pairs for judge meta-evaluation: TSV/CSV with a header `id, label, R, R_prime` and optional
 * `category` (as ../shared/data/judgements/dev.tsv); label 1 = R′ keeps R's meaning, 0 = it changes it.
 */
import Papa from 'papaparse';
import { decodeText } from '../io/decode.ts';
import { IssueList } from '../io/issues.ts';

export interface LabelledPair {
  id: string;
  label: boolean;
  category: string;
  reference: string;
  candidate: string;
  line: number;
}

const REQUIRED = ['id', 'label', 'R', 'R_prime'] as const;

export function readLabelledPairs(file: { name: string; bytes: Uint8Array }): LabelledPair[] {
  const issues = new IssueList();
  const text = decodeText(file.bytes, file.name).text.replace(/\r\n?/g, '\n');
  const delimiter = file.name.endsWith('.csv') ? ',' : '\t';
  // Sentences may contain quotes; TSV pairs are read unquoted as written.
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', delimiter, quoteChar: delimiter === ',' ? '"' : '\u0000' });
  const missing = REQUIRED.filter((c) => !(parsed.meta.fields ?? []).includes(c));
  if (missing.length > 0) issues.add(file.name, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (header: ${(parsed.meta.fields ?? []).join(', ')})`);
  issues.throwIfAny();
  const seen = new Map<string, number>();
  const pairs: LabelledPair[] = [];
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    const id = row.id ?? '';
    const label = (row.label ?? '').trim();
    if (label !== '0' && label !== '1') issues.add(file.name, line, `label must be 0 or 1, got "${label}"`, id);
    else if (!row.R?.trim() || !row.R_prime?.trim()) issues.add(file.name, line, 'empty R or R_prime', id);
    else if (seen.has(id)) issues.add(file.name, line, `duplicate id "${id}": also on line ${seen.get(id)}`, id);
    else {
      seen.set(id, line);
      pairs.push({ id, label: label === '1', category: row.category ?? '', reference: row.R, candidate: row.R_prime, line });
    }
  });
  issues.throwIfAny();
  return pairs;
}
