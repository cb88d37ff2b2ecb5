/**
 * How often our edits equal those in a ChERRANT M2 file, per (sentence, annotator), and why they
 * differ where they do. Targets come from the parallel file ChERRANT read when given, else from the
 * M2's own T lines.
 */
import { extractEdits } from './edits.ts';
import { NO_ERROR, stripWhitespace, type M2Annotation, type M2Block, type M2Edit } from './m2.ts';
import type { Edit } from './types.ts';

export type DifferenceKind =
  | 'target differs (ChERRANT converts targets with OpenCC t2s)'
  | 'tie order (ours is another of ChERRANT\'s cheapest alignments)'
  | 'W detection'
  | 'merge boundary'
  | 'substitution vs insertion/deletion'
  | 'other alignment choice';

/** The shortest differing sentence of a kind, with only the edits that differ. */
export interface DifferenceExample {
  source: string;
  target: string;
  ours: string;
  theirs: string;
}

export interface Agreement {
  /** (sentence, annotator) pairs compared. */
  units: number;
  /** Pairs whose reference is the same sentence (ChERRANT's noop). */
  unchanged: number;
  /** Pairs left out: 无法标注. */
  unannotatable: number;
  /** Edit set (start, end, replacement) equals ChERRANT's first alignment's. */
  equal: number;
  /** Same, types included. */
  equalTyped: number;
  /** Equals one of ChERRANT's alternative alignments (T{n}-A{k}). */
  equalAnyAlternative: number;
  differences: Map<DifferenceKind, { count: number; example: DifferenceExample }>;
}

type EditLike = Pick<M2Edit, 'start' | 'end' | 'replacement' | 'type'>;

function keys(edits: readonly EditLike[], typed: boolean): string[] {
  return edits.map((e) => `${e.start}:${e.end}:${e.replacement}${typed ? `:${e.type}` : ''}`).sort();
}

function sameSet(a: readonly EditLike[], b: readonly EditLike[], typed: boolean): boolean {
  const ka = keys(a, typed);
  const kb = keys(b, typed);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

export function formatEdits(edits: readonly EditLike[]): string {
  return edits.map((e) => `${e.type} ${e.start}-${e.end} "${e.replacement}"`).join('; ') || '(none)';
}

function classify(ours: readonly Edit[], alternatives: readonly M2Annotation[]): DifferenceKind {
  if (alternatives.slice(1).some((a) => sameSet(ours, a.edits, true))) {
    return 'tie order (ours is another of ChERRANT\'s cheapest alignments)';
  }
  const theirs = alternatives[0]!.edits;
  const theirKeys = new Set(keys(theirs, true));
  const ourKeys = new Set(keys(ours, true));
  const onlyOurs = ours.filter((e) => !theirKeys.has(keys([e], true)[0]!));
  const onlyTheirs = theirs.filter((e) => !ourKeys.has(keys([e], true)[0]!));
  const diff = [...onlyOurs, ...onlyTheirs];
  if (diff.some((e) => e.type === 'W')) return 'W detection';
  const region = (es: readonly EditLike[]): string =>
    es.length === 0
      ? ''
      : `${Math.min(...es.map((e) => e.start))}-${Math.max(...es.map((e) => e.end))}:${[...es]
          .sort((a, b) => a.start - b.start || a.end - b.end)
          .map((e) => e.replacement)
          .join('')}`;
  if (onlyOurs.length !== onlyTheirs.length && region(onlyOurs) === region(onlyTheirs)) return 'merge boundary';
  const typesOf = (es: readonly EditLike[]): string => [...new Set(es.map((e) => e.type))].sort().join('');
  if (typesOf(onlyOurs) !== typesOf(onlyTheirs)) return 'substitution vs insertion/deletion';
  return 'other alignment choice';
}

/**
 * Compare extractEdits with every annotator of every block of a ChERRANT M2 file. `targets[b][n]`,
 * when given, is annotator n's raw target for block b (没有错误 / 无法标注 as ChERRANT reads them).
 */
export function measureAgreement(
  blocks: readonly M2Block[],
  targets?: readonly (readonly string[])[],
  extract: typeof extractEdits = extractEdits,
): Agreement {
  if (targets && targets.length !== blocks.length) {
    throw new Error(`${targets.length} parallel lines for ${blocks.length} M2 blocks`);
  }
  const result: Agreement = {
    units: 0,
    unchanged: 0,
    unannotatable: 0,
    equal: 0,
    equalTyped: 0,
    equalAnyAlternative: 0,
    differences: new Map(),
  };
  blocks.forEach((block, b) => {
    const byAnnotator = new Map<number, M2Annotation[]>();
    for (const a of block.annotations) {
      const list = byAnnotator.get(a.annotator) ?? [];
      list.push(a);
      byAnnotator.set(a.annotator, list);
    }
    for (const alternatives of byAnnotator.values()) {
      const first = alternatives[0]!;
      if (first.unannotatable) {
        result.unannotatable++;
        continue;
      }
      result.units++;
      const raw = targets?.[b]?.[first.annotator];
      const given = raw === undefined ? undefined : stripWhitespace(raw);
      const target = given === undefined || given === NO_ERROR ? (first.target ?? block.source) : given;
      if (target === block.source) result.unchanged++;
      const ours = extract(block.source, target);
      if (sameSet(ours, first.edits, false)) result.equal++;
      if (sameSet(ours, first.edits, true)) {
        result.equalTyped++;
        result.equalAnyAlternative++;
        continue;
      }
      if (alternatives.some((a) => sameSet(ours, a.edits, true))) result.equalAnyAlternative++;
      // ChERRANT's target is on the T line, or is the source when it wrote 没有错误.
      const theirTarget = first.target ?? (first.edits.length === 0 ? block.source : target);
      const kind: DifferenceKind =
        theirTarget !== target
          ? 'target differs (ChERRANT converts targets with OpenCC t2s)'
          : classify(ours, alternatives);
      const theirs = first.edits;
      const theirKeys = new Set(keys(theirs, true));
      const ourKeys = new Set(keys(ours, true));
      const example: DifferenceExample = {
        source: block.source,
        target,
        ours: formatEdits(ours.filter((e) => !theirKeys.has(keys([e], true)[0]!))),
        theirs: formatEdits(theirs.filter((e) => !ourKeys.has(keys([e], true)[0]!))),
      };
      const entry = result.differences.get(kind);
      if (!entry) result.differences.set(kind, { count: 1, example });
      else {
        entry.count++;
        // Keep the shortest sentence as the example: easiest to read.
        if (example.source.length < entry.example.source.length) entry.example = example;
      }
    }
  });
  return result;
}
