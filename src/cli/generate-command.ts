/** `csc-studio generate`: controlled test sets from clean sentences and a confusion set (docs/generate.md). */
import path from 'node:path';
import { loadCoreData } from '../core/core-data.ts';
import { glyphTableInfo } from '../core/errortype/index.ts';
import {
  buildConfusion,
  formatConfusion,
  formatRows,
  generate,
  metaDocument,
  parseConfusion,
  parseSentences,
  SPLIT_NAMES,
  type ConfusionSet,
  type RowFormat,
  type SplitName,
} from '../core/generate/index.ts';
import { decodeText } from '../core/io/index.ts';
import { parseFlags, parseListArg, readInputBytes, UsageError } from './args.ts';
import { writeOutputs, writeStdout, type Output } from './output.ts';
import { checkOutDir, makeOutDir } from './out-dir.ts';

async function readText(file: string): Promise<string> {
  return decodeText(await readInputBytes(file), file).text;
}

function share(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) throw new UsageError(`--${flag} "${value}": use a number from 0 to 1`);
  return n;
}

function parsePes(arg: string | undefined): number[] {
  const list = parseListArg(arg);
  if (!list || list.length === 0) throw new UsageError('--pe is required: one substitution probability or a list, e.g. 0.05,0.1');
  const pes = list.map((p) => share('pe', p)!);
  if (new Set(pes).size !== pes.length) throw new UsageError(`--pe "${arg}": a value is repeated`);
  return pes;
}

function parseSeed(arg: string | undefined): number | string {
  if (arg === undefined || arg.trim() === '') throw new UsageError('--seed is required, so the sets can be made again');
  return /^-?\d+$/.test(arg) && Number.isSafeInteger(Number(arg)) ? Number(arg) : arg;
}

function parseSplits(arg: string | undefined): SplitName[] {
  const list = parseListArg(arg) ?? [];
  for (const s of list) {
    if (!(SPLIT_NAMES as readonly string[]).includes(s)) throw new UsageError(`--split "${s}": use seen, unseenK or unseenV (comma-separated for several)`);
  }
  return [...new Set(list)] as SplitName[];
}

async function loadConfusion(arg: string | undefined): Promise<{ set: ConfusionSet; source: string; info: Record<string, unknown> }> {
  if (!arg) throw new UsageError('--confusion is required: phonetic, graphic, both, or a file of "char<TAB>candidates" lines');
  if (arg === 'phonetic' || arg === 'graphic' || arg === 'both') {
    const info: Record<string, unknown> = { characters: 'GB2312 level 1 (3755 common characters), keys and candidates alike' };
    if (arg !== 'graphic') info.readings = 'toneless pinyin of every reading (pinyin-pro); candidates share a reading with the key';
    if (arg !== 'phonetic') info.glyph_table = { ...glyphTableInfo().sources, file: 'models/glyphs/glyph-similar.json' };
    return { set: buildConfusion(arg), source: arg, info };
  }
  return { set: parseConfusion(await readText(arg), arg), source: path.basename(arg), info: {} };
}

export async function runGenerate(argv: string[]): Promise<number> {
  await loadCoreData(['readings', 'glyphs']);
  const values = parseFlags('generate', argv, {
    sentences: { type: 'string' },
    'train-sentences': { type: 'string' },
    pe: { type: 'string' },
    confusion: { type: 'string' },
    seed: { type: 'string' },
    split: { type: 'string' },
    'train-share': { type: 'string' },
    'train-pe': { type: 'string' },
    'unseen-keys': { type: 'string' },
    'unseen-value-keys': { type: 'string' },
    'unseen-values': { type: 'string' },
    'seen-share': { type: 'string' },
    format: { type: 'string', default: 'tsv' },
    out: { type: 'string' },
  });
  if (!values.sentences) throw new UsageError('--sentences FILE is required: clean sentences, one per line (or id<TAB>sentence)');
  if (!values.out) throw new UsageError('--out DIR is required');
  await checkOutDir(values.out);
  const format = values.format;
  if (format !== 'tsv' && format !== 'jsonl') throw new UsageError(`--format "${format}": use tsv or jsonl`);
  const pes = parsePes(values.pe);
  const seed = parseSeed(values.seed);
  const splits = parseSplits(values.split);
  if (splits.length === 0 && values['train-sentences']) throw new UsageError('--train-sentences needs --split');
  const confusion = await loadConfusion(values.confusion);
  const sentences = parseSentences(await readText(values.sentences), values.sentences);
  const trainFile = values['train-sentences'];
  const trainSentences = trainFile ? parseSentences(await readText(trainFile), trainFile) : undefined;

  let result;
  try {
    result = generate({
      sentences,
      sentencesFile: path.basename(values.sentences),
      trainSentences,
      trainSentencesFile: trainFile ? path.basename(trainFile) : undefined,
      confusion: confusion.set,
      confusionSource: confusion.source,
      confusionInfo: confusion.info,
      pes,
      seed,
      splits,
      split: {
        unseenKeys: share('unseen-keys', values['unseen-keys']),
        unseenValueKeys: share('unseen-value-keys', values['unseen-value-keys']),
        unseenValues: share('unseen-values', values['unseen-values']),
      },
      trainShare: share('train-share', values['train-share']),
      trainPe: share('train-pe', values['train-pe']),
      seenShare: share('seen-share', values['seen-share']),
    });
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }

  await makeOutDir(values.out);
  const inputs = [values.sentences, trainFile, values.confusion].filter((f): f is string => f !== undefined);
  // All files are written together: one that fails leaves every file of a previous run as it was.
  const outputs: Output[] = [];
  const write = (name: string, text: string) => outputs.push({ file: path.join(values.out!, name), text });
  const lines: string[] = [];
  write('confusion.txt', formatConfusion(confusion.set));
  for (const c of result.confusions) write(`${c.name}.txt`, formatConfusion(c.confusion));
  for (const set of result.sets) {
    const dataFile = `${set.name}.${format}`;
    write(dataFile, formatRows(set.rows, format as RowFormat));
    write(`${set.name}.meta.json`, metaDocument(set.meta, dataFile, format as RowFormat));
    const s = set.meta.stats;
    const pe = s.realised_pe === null ? 'n/a' : s.realised_pe.toFixed(4);
    lines.push(`${dataFile}: ${s.sentences} sentences, ${s.sentences_with_errors} with errors, ${s.substitutions}/${s.eligible} eligible characters replaced (Pe ${set.meta.pe}, realised ${pe})\n`);
  }
  await writeOutputs(outputs, inputs);
  await writeStdout(lines.join(''));
  return 0;
}
