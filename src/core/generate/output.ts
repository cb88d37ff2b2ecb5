/**
 * Writing generated rows in our test-set formats. The parameters go to a sidecar `<stem>.meta.json`, not into the
 * data file: a `#` line in a TSV, or a wrapper object around JSON Lines, would not read back as a test set.
 */
import { TOOL_NAME, TOOL_VERSION } from '../version.ts';
import type { GeneratedRow } from './corrupt.ts';
import type { GenerationMeta } from './plan.ts';

export type RowFormat = 'tsv' | 'jsonl';

/** TSV with the header id, source, reference (unquoted: the texts hold no TAB or newline), or JSON Lines. */
export function formatRows(rows: readonly GeneratedRow[], format: RowFormat): string {
  if (format === 'jsonl') return rows.map((r) => JSON.stringify({ id: r.id, source: r.source, reference: r.reference }) + '\n').join('');
  return ['id\tsource\treference\n', ...rows.map((r) => `${r.id}\t${r.source}\t${r.reference}\n`)].join('');
}

/** The sidecar's content: the tool, the data file it describes, and every generation parameter. */
export function metaDocument(meta: GenerationMeta, dataFile: string, format: RowFormat): string {
  const doc = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    data_file: dataFile,
    format,
    columns: ['id', 'source', 'reference'],
    ...meta,
  };
  return JSON.stringify(doc, null, 2) + '\n';
}
