import { fail } from './issues.ts';

/** Formats a single file can be read as. `para` is TSV without a header: id, source, reference…. */
export const FILE_FORMATS = ['csv', 'tsv', 'para', 'json', 'jsonl', 'sighan-input', 'sighan-labels'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export interface FormatChoice {
  format: FileFormat;
  from: 'option' | 'extension' | 'content';
}

const BY_EXTENSION: Record<string, FileFormat> = {
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  para: 'para',
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
};

/** `(pid=ID)` then the sentence: SIGHAN's test input. */
export const SIGHAN_INPUT_LINE = /^\(pid=[^)]*\)/;
/** `ID, 0` or `ID, 12, 字…`: SIGHAN truth and system-result lines. */
const SIGHAN_LABEL_LINE = /^[^,\t]+,\s*\d+\s*(?:,|$)/;

/** An explicit format wins; then the extension; content sniffing only for .txt and unknown names. */
export function detectFormat(fileName: string, text: string, override: string | undefined): FormatChoice {
  if (override !== undefined) {
    if (!(FILE_FORMATS as readonly string[]).includes(override)) {
      fail(fileName, null, `unknown format "${override}"; use one of ${FILE_FORMATS.join(', ')}`);
    }
    return { format: override as FileFormat, from: 'option' };
  }
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const byExt = ext === undefined ? undefined : BY_EXTENSION[ext];
  if (byExt === 'json' || byExt === 'jsonl') {
    // .json files holding one object per line are common; the first character tells them apart.
    const sniffed = sniffJson(text);
    return sniffed && sniffed !== byExt ? { format: sniffed, from: 'content' } : { format: byExt, from: 'extension' };
  }
  if (byExt) return { format: byExt, from: 'extension' };
  return { format: sniffFormat(text), from: 'content' };
}

/** `[`: a JSON array. `{`: JSON Lines when the first line is a whole object; else one (pretty-printed) JSON value. */
function sniffJson(text: string): 'json' | 'jsonl' | null {
  const first = /\S/.exec(text)?.[0];
  if (first === '[') return 'json';
  if (first !== '{') return null;
  const line = text.trimStart().split(/\r\n|\r|\n/, 1)[0]!;
  try {
    JSON.parse(line);
    return 'jsonl';
  } catch {
    return 'json';
  }
}

export function sniffFormat(text: string): FileFormat {
  const json = sniffJson(text);
  if (json) return json;
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').slice(0, 5);
  const first = lines[0] ?? '';
  if (SIGHAN_INPUT_LINE.test(first)) return 'sighan-input';
  if (lines.length > 0 && lines.every((l) => SIGHAN_LABEL_LINE.test(l))) return 'sighan-labels';
  if (first.includes('\t')) return 'tsv';
  if (first.includes(',')) return 'csv';
  return 'tsv';
}
