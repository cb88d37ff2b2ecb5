/**
 * A generation run: test sets at each Pe from the whole confusion set, or, with splits, a training-style file from
 * S_train plus Seen / UnseenK / UnseenV test sets (seed 003 §3). Every random stream is SplitMix64 seeded with
 * `csc-studio generate|SEED|STREAM`, so each file is reproducible alone and adding a Pe leaves the others as they were.
 */
import { sample, SplitMix64 } from '../stats/random.ts';
import { confusionSize, type ConfusionSet } from './confusion.ts';
import { corrupt, type CleanSentence, type CorruptionStats, type GeneratedRow } from './corrupt.ts';
import { seenConfusion, splitConfusion, splitDefaults, type SplitOptions } from './split.ts';

export type SplitName = 'seen' | 'unseenK' | 'unseenV';
export const SPLIT_NAMES: readonly SplitName[] = ['seen', 'unseenK', 'unseenV'];

export interface GenerateOptions {
  sentences: readonly CleanSentence[];
  /** Where the sentences came from, for the metadata. */
  sentencesFile: string;
  /** Sentences for the training-style file; without them, splits take `trainShare` of `sentences`. */
  trainSentences?: readonly CleanSentence[];
  trainSentencesFile?: string;
  confusion: ConfusionSet;
  /** phonetic, graphic, both, or the confusion file's name. */
  confusionSource: string;
  /** Extra facts about the confusion set for the metadata (the glyph table's sources, the character list). */
  confusionInfo?: Record<string, unknown>;
  pes: readonly number[];
  seed: number | string;
  splits?: readonly SplitName[];
  split?: SplitOptions;
  /** Default 0.5. */
  trainShare?: number;
  /** Pe of the training-style file. Default 0.05, as in seed 003. */
  trainPe?: number;
  /** Share of the training file's used pairs that form S_seen. Default 1. */
  seenShare?: number;
}

export interface GenerationMeta {
  kind: 'test' | 'train';
  /** none (a plain test set), train, seen, unseenK or unseenV. */
  split: 'none' | 'train' | SplitName;
  pe: number;
  seed: number | string;
  rng: { algorithm: string; stream: string };
  sentences: { file: string; count: number; part: 'all' | 'train' | 'test'; share?: number };
  confusion: { source: string; part: 'all' | 'train' | SplitName; keys: number; pairs: number; file?: string; [key: string]: unknown };
  split_options?: Required<SplitOptions> & { seen_share: number; train_pe: number };
  stats: CorruptionStats;
}

export interface GeneratedSet {
  /** File stem: test.pe0.05, train.pe0.05, unseenK.pe0.15 … */
  name: string;
  rows: GeneratedRow[];
  meta: GenerationMeta;
}

export interface GeneratedConfusion {
  /** File stem: confusion.train, confusion.unseenK … */
  name: string;
  confusion: ConfusionSet;
}

export interface GenerationResult {
  sets: GeneratedSet[];
  /** The parts of a split confusion set, so a training run can use exactly S_train. Empty without splits. */
  confusions: GeneratedConfusion[];
}

const RNG_ALGORITHM = 'SplitMix64 (src/core/stats/random.ts), seeded with the UTF-8 string in `stream`';

export function streamName(seed: number | string, stream: string): string {
  return `csc-studio generate|${seed}|${stream}`;
}

function rngFor(seed: number | string, stream: string) {
  const name = streamName(seed, stream);
  return { rng: new SplitMix64(name), name };
}

export function peLabel(pe: number): string {
  return `pe${pe}`;
}

function checkPes(pes: readonly number[]): void {
  if (pes.length === 0) throw new RangeError('at least one Pe is needed');
  for (const pe of pes) if (!(pe >= 0 && pe <= 1)) throw new RangeError(`Pe must be in [0, 1], got ${pe}`);
  if (new Set(pes).size !== pes.length) throw new RangeError(`a Pe is repeated: ${pes.join(', ')}`);
}

export function generate(options: GenerateOptions): GenerationResult {
  checkPes(options.pes);
  const { seed, confusion, confusionSource } = options;
  const info = options.confusionInfo ?? {};
  const splits = options.splits ?? [];
  if (splits.length === 0) {
    const sets = options.pes.map((pe) => {
      const { rng, name } = rngFor(seed, `test|${peLabel(pe)}`);
      const made = corrupt(options.sentences, confusion, pe, rng);
      const meta: GenerationMeta = {
        kind: 'test',
        split: 'none',
        pe,
        seed,
        rng: { algorithm: RNG_ALGORITHM, stream: name },
        sentences: { file: options.sentencesFile, count: options.sentences.length, part: 'all' },
        confusion: { source: confusionSource, part: 'all', ...confusionSize(confusion), ...info },
        stats: made.stats,
      };
      return { name: `test.${peLabel(pe)}`, rows: made.rows, meta };
    });
    return { sets, confusions: [] };
  }

  const trainShare = options.trainShare ?? 0.5;
  const trainPe = options.trainPe ?? 0.05;
  const seenShare = options.seenShare ?? 1;
  const splitOptions = { ...splitDefaults(options.split), seen_share: seenShare, train_pe: trainPe };
  checkPes([trainPe]);

  // Sentences: the given training file, or a seeded share of the one file (the rest, in file order, for tests).
  let train: readonly CleanSentence[];
  let test: readonly CleanSentence[];
  let trainPart: GenerationMeta['sentences'];
  let testPart: GenerationMeta['sentences'];
  if (options.trainSentences) {
    train = options.trainSentences;
    test = options.sentences;
    trainPart = { file: options.trainSentencesFile ?? 'train sentences', count: train.length, part: 'all' };
    testPart = { file: options.sentencesFile, count: test.length, part: 'all' };
  } else {
    if (!(trainShare > 0 && trainShare < 1)) throw new RangeError(`the training share must be in (0, 1), got ${trainShare}`);
    const { rng } = rngFor(seed, 'sentences');
    const n = options.sentences.length;
    const picked = new Set(sample(options.sentences, Math.round(n * trainShare), rng));
    train = options.sentences.filter((s) => picked.has(s));
    test = options.sentences.filter((s) => !picked.has(s));
    trainPart = { file: options.sentencesFile, count: train.length, part: 'train', share: trainShare };
    testPart = { file: options.sentencesFile, count: test.length, part: 'test', share: 1 - trainShare };
  }

  const parts = splitConfusion(confusion, rngFor(seed, 'confusion split').rng, options.split);
  const trainRng = rngFor(seed, `train|${peLabel(trainPe)}`);
  const trained = corrupt(train, parts.train, trainPe, trainRng.rng);
  const seen = seenConfusion(trained.used, parts.train, rngFor(seed, 'seen').rng, seenShare);
  const byName: Record<SplitName, ConfusionSet> = { seen, unseenK: parts.unseenK, unseenV: parts.unseenV };

  const confusionMeta = (part: 'train' | SplitName, set: ConfusionSet) => ({
    source: confusionSource,
    part,
    ...confusionSize(set),
    file: `confusion.${part}.txt`,
    ...info,
  });
  const sets: GeneratedSet[] = [
    {
      name: `train.${peLabel(trainPe)}`,
      rows: trained.rows,
      meta: {
        kind: 'train',
        split: 'train',
        pe: trainPe,
        seed,
        rng: { algorithm: RNG_ALGORITHM, stream: trainRng.name },
        sentences: trainPart,
        confusion: confusionMeta('train', parts.train),
        split_options: splitOptions,
        stats: trained.stats,
      },
    },
  ];
  for (const split of splits) {
    for (const pe of options.pes) {
      const { rng, name } = rngFor(seed, `${split}|${peLabel(pe)}`);
      const made = corrupt(test, byName[split], pe, rng);
      sets.push({
        name: `${split}.${peLabel(pe)}`,
        rows: made.rows,
        meta: {
          kind: 'test',
          split,
          pe,
          seed,
          rng: { algorithm: RNG_ALGORITHM, stream: name },
          sentences: testPart,
          confusion: confusionMeta(split, byName[split]),
          split_options: splitOptions,
          stats: made.stats,
        },
      });
    }
  }
  const confusions: GeneratedConfusion[] = [
    { name: 'confusion.train', confusion: parts.train },
    ...splits.map((s) => ({ name: `confusion.${s}`, confusion: byName[s] })),
  ];
  return { sets, confusions };
}
