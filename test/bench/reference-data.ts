/**
 * The reference-comparison bench's input, built at bench time into a temporary folder (never committed): a
 * 5,000-row CSCD-NS-style test set made from SIGHAN15 (rows repeated under new ids), an equal-length system
 * (`eq`, from synth-eq) for the scripts that need equal lengths and a length-changing one (`llm`, from synth-llm),
 * each in our format and in the form each reference script reads. Copies after the first take the reference
 * instead of the system's prediction on every 13th row, so repeated rows are not all identical work.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pinyin } from 'pinyin-pro';

export interface BenchRow {
  id: string;
  source: string;
  reference: string;
  eq: string;
  llm: string;
}

export interface ReferenceData {
  dir: string;
  rows: number;
  /** Our CLI's inputs: `test` (header id/source/reference), `eq` and `llm` (header id/prediction). */
  ours: { test: string; eq: string; llm: string; test1100: string; llm1100: string };
  /** The scripts' inputs: headerless `id\tsrc\ttgt`, one prediction per line, C-LLM's JSON, ChERRANT's para files. */
  ref: { test: string; eq: string; llm: string; cllmJson: string; goldPara1100: string; hypPara1100: string };
  /** JSON {char: toneless readings} from pinyin-pro for every character in the data (the pypinyin stand-in). */
  pinyinTable: string;
  /** Every distinct text, one per line; and where the bench writes those that OpenCC t2s changes. */
  allText: string;
  openccTable: string;
}

function readTsv(file: string): string[][] {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
  return lines.slice(1).map((l) => l.replace(/\r$/, '').split('\t'));
}

export function benchRows(sighan15: string, total = 5000): BenchRow[] {
  const test = readTsv(path.join(sighan15, 'test.tsv'));
  const eq = new Map(readTsv(path.join(sighan15, 'pred/synth-eq.tsv')).map((r) => [r[0]!, r[1]!]));
  const llm = new Map(readTsv(path.join(sighan15, 'pred/synth-llm.tsv')).map((r) => [r[0]!, r[1]!]));
  const rows: BenchRow[] = [];
  for (let i = 0; i < total; i++) {
    const [id, source, reference] = test[i % test.length]!;
    const copy = Math.floor(i / test.length);
    const useReference = copy > 0 && i % 13 === 0;
    const e = eq.get(id!);
    const l = llm.get(id!);
    if (e === undefined || l === undefined) throw new Error(`sighan15 predictions lack id ${id}`);
    rows.push({
      id: copy === 0 ? id! : `${id}-copy${copy}`,
      source: source!,
      reference: reference!,
      eq: useReference ? reference! : e,
      llm: useReference ? reference! : l,
    });
  }
  return rows;
}

export function writeReferenceData(sighan15: string, dir: string, total = 5000): ReferenceData {
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(dir, 'mid_result'), { recursive: true });
  const rows = benchRows(sighan15, total);
  const first = rows.slice(0, 1100);
  const f = (name: string) => path.join(dir, name);
  const write = (name: string, lines: string[]) => writeFileSync(f(name), lines.map((l) => l + '\n').join(''));
  write('test.tsv', ['id\tsource\treference', ...rows.map((r) => `${r.id}\t${r.source}\t${r.reference}`)]);
  write('eq.tsv', ['id\tprediction', ...rows.map((r) => `${r.id}\t${r.eq}`)]);
  write('llm.tsv', ['id\tprediction', ...rows.map((r) => `${r.id}\t${r.llm}`)]);
  write('test1100.tsv', ['id\tsource\treference', ...first.map((r) => `${r.id}\t${r.source}\t${r.reference}`)]);
  write('llm1100.tsv', ['id\tprediction', ...first.map((r) => `${r.id}\t${r.llm}`)]);
  write('ref-test.tsv', rows.map((r) => `${r.id}\t${r.source}\t${r.reference}`));
  write('ref-eq.txt', rows.map((r) => r.eq));
  write('ref-llm.txt', rows.map((r) => r.llm));
  writeFileSync(f('cllm.json'), JSON.stringify(rows.map((r) => ({ src: r.source, tgt: r.reference, predict: r.llm }))));
  write('gold1100.para', first.map((r, i) => `${i + 1}\t${r.source}\t${r.reference}`));
  write('hyp1100.para', first.map((r, i) => `${i + 1}\t${r.source}\t${r.llm}`));

  const chars = new Set<string>();
  for (const r of rows) for (const s of [r.source, r.reference, r.eq, r.llm]) for (const c of s) chars.add(c);
  const table: Record<string, string[]> = {};
  for (const c of chars) {
    if (!/^\p{Unified_Ideograph}$/u.test(c)) continue;
    const r = pinyin(c, { toneType: 'none', multiple: true, type: 'array' }).filter((p) => p !== c);
    if (r.length > 0) table[c] = r;
  }
  writeFileSync(f('pinyin.json'), JSON.stringify(table));
  write('all-text.txt', [...new Set(rows.flatMap((r) => [r.source, r.reference, r.eq, r.llm]))]);
  return {
    dir,
    rows: rows.length,
    ours: { test: f('test.tsv'), eq: f('eq.tsv'), llm: f('llm.tsv'), test1100: f('test1100.tsv'), llm1100: f('llm1100.tsv') },
    ref: {
      test: f('ref-test.tsv'),
      eq: f('ref-eq.txt'),
      llm: f('ref-llm.txt'),
      cllmJson: f('cllm.json'),
      goldPara1100: f('gold1100.para'),
      hypPara1100: f('hyp1100.para'),
    },
    pinyinTable: f('pinyin.json'),
    allText: f('all-text.txt'),
    openccTable: f('opencc-t2s.json'),
  };
}
