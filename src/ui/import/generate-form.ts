/**
 * The Data tab's generator form (docs/generate.md): reading its fields, running `generate` with a built-in
 * confusion set, and marking the characters a row changed for the preview.
 */
import { glyphTableInfo } from '../../core/errortype/index.ts';
import { buildConfusion, formatRows, generate, parseSentences, type ConfusionKind, type ConfusionSet, type GeneratedSet, type GenerationResult } from '../../core/generate/index.ts';
import { readTestSet } from '../../core/io/index.ts';
import { newId, type ImportBundle } from '../../db/repository.ts';
import { datasetRecordFor } from '../../workers/import/import-files.ts';
import { chars } from '../../core/text.ts';
import { SAMPLE_ROWS } from '../../sample/sample.ts';

export { formatRows, metaDocument } from '../../core/generate/index.ts';
export { percent } from '../dashboard/error-types.ts';

/** The sample's clean sentences (its references), one per line, each once. */
export function sampleSentences(): string {
  return [...new Set(SAMPLE_ROWS.map((r) => r.reference))].join('\n');
}

/** "0.05, 0.1" → [0.05, 0.1]; throws RangeError naming the bad value. */
export function parsePes(text: string): number[] {
  const parts = text.split(/[,，\s]+/).filter((p) => p !== '');
  if (parts.length === 0) throw new RangeError('at least one Pe is needed');
  return parts.map((p) => {
    const n = Number(p);
    if (!Number.isFinite(n) || n < 0 || n > 1) throw new RangeError(`Pe must be a number in [0, 1], got "${p}"`);
    return n;
  });
}

export interface MarkedChar {
  ch: string;
  changed: boolean;
}

/** The source's characters, each marked when it differs from the reference's at the same place (rows keep lengths). */
export function markChanges(source: string, reference: string): MarkedChar[] {
  const ref = chars(reference);
  return chars(source).map((ch, i) => ({ ch, changed: ch !== ref[i] }));
}

const cache = new Map<ConfusionKind, ConfusionSet>();

/** The built-in set of one kind over GB2312 level 1, built once per page. */
export function confusionFor(kind: ConfusionKind): ConfusionSet {
  let set = cache.get(kind);
  if (!set) cache.set(kind, (set = buildConfusion(kind)));
  return set;
}

export interface GenerateForm {
  sentences: string;
  pes: string;
  kind: ConfusionKind;
  seed: string;
}

/** Runs the generator as `csc-studio generate --confusion KIND` would; throws InputError or RangeError on bad fields. */
export function runGenerator(form: GenerateForm, confusion: ConfusionSet = confusionFor(form.kind)): GenerationResult {
  const seedText = form.seed.trim();
  if (seedText === '') throw new RangeError('a seed is needed');
  const seed = /^-?\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText)) ? Number(seedText) : seedText;
  const info: Record<string, unknown> = { characters: 'GB2312 level 1 (3755 common characters), keys and candidates alike' };
  if (form.kind !== 'graphic') info.readings = 'toneless pinyin of every reading (pinyin-pro); candidates share a reading with the key';
  if (form.kind !== 'phonetic') info.glyph_table = { ...glyphTableInfo().sources, file: 'models/glyphs/glyph-similar.json' };
  return generate({
    sentences: parseSentences(form.sentences, 'sentences'),
    sentencesFile: 'sentences (typed in CSC Studio)',
    confusion,
    confusionSource: form.kind,
    confusionInfo: info,
    pes: parsePes(form.pes),
    seed,
  });
}

/** `name`, or `name (2)`, `name (3)`… : the first not in `taken` (datasets may share a file name, not a label). */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  for (let k = 2; ; k++) if (!used.has(`${name} (${k})`)) return `${name} (${k})`;
}

/**
 * A generated set as a dataset to store: its TSV read back by the same reader as a dropped file, so its rows and
 * fingerprint equal those of the downloaded file imported by hand.
 */
export function generatedBundle(set: GeneratedSet, takenNames: Iterable<string>, now = Date.now()): ImportBundle {
  const file = `${set.name}.tsv`;
  const testSet = readTestSet({ name: file, bytes: new TextEncoder().encode(formatRows(set.rows, 'tsv')) });
  const id = newId();
  const dataset = datasetRecordFor(testSet, { id, name: uniqueName(set.name, takenNames), file, createdAt: now });
  return { datasetId: id, dataset, systems: [] };
}
