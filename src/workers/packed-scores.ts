/**
 * The scoring worker's answer in a form that crosses threads cheaply: each profile's per-sentence counts in one
 * Float64Array (transferred, not copied) with the key lists they use, instead of some 100,000 small objects that
 * the structured clone serialises and rebuilds one by one (for SIGHAN15 × 4 systems it held the evaluation worker
 * 0.25-0.75 s). Unpacking rebuilds the same objects: same keys in the same order, same numbers bit for bit.
 */
import type { Counts, SentenceScore } from '../core/metrics/profile.ts';
import type { ScoredProfile } from '../core/score-profiles.ts';

export interface PackedSentences {
  /** Every distinct key list of a sentence's counts, in its own order. */
  shapes: string[][];
  /** Per sentence: its key list. */
  shapeOf: Uint32Array;
  /** Every sentence's counts, in sentence order then key order. */
  values: Float64Array;
  /** Distinct verdicts; verdictOf is -1 where a sentence has none. */
  verdicts: string[];
  verdictOf: Int32Array;
}

type Ok = Extract<ScoredProfile, { ok: true }>;

/** A profile's result packed, or as it was where its sentences hold more than counts and a verdict. */
export type PackedProfile =
  | { kind: 'packed'; sentences: PackedSentences; warnings: Ok['scored']['warnings']; refused: Ok['refused'] }
  | { kind: 'plain'; profile: ScoredProfile };

export function packScores(scores: readonly (readonly ScoredProfile[])[]): { packed: PackedProfile[][]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const packed = scores.map((system) =>
    system.map((profile): PackedProfile => {
      const sentences = profile.ok ? packSentences(profile.scored.sentences) : undefined;
      if (!profile.ok || !sentences) return { kind: 'plain', profile };
      transfer.push(sentences.shapeOf.buffer as ArrayBuffer, sentences.values.buffer as ArrayBuffer, sentences.verdictOf.buffer as ArrayBuffer);
      return { kind: 'packed', sentences, warnings: profile.scored.warnings, refused: profile.refused };
    }),
  );
  return { packed, transfer };
}

export function unpackScores(packed: readonly (readonly PackedProfile[])[]): ScoredProfile[][] {
  return packed.map((system) =>
    system.map((p): ScoredProfile => (p.kind === 'plain' ? p.profile : { ok: true, scored: { sentences: unpackSentences(p.sentences), warnings: p.warnings }, refused: p.refused })),
  );
}

/** Undefined when a sentence is not exactly {counts} or {counts, verdict} with numeric counts: sent as it is. */
function packSentences(sentences: readonly SentenceScore[]): PackedSentences | undefined {
  const shapeIndex = new Map<string, number>();
  const shapes: string[][] = [];
  const verdictIndex = new Map<string, number>();
  const verdicts: string[] = [];
  const shapeOf = new Uint32Array(sentences.length);
  const verdictOf = new Int32Array(sentences.length);
  let length = 0;
  for (const [i, sentence] of sentences.entries()) {
    const fields = Object.keys(sentence);
    const withVerdict = fields.length === 2 && fields[1] === 'verdict' && typeof sentence.verdict === 'string';
    if (fields[0] !== 'counts' || (fields.length !== 1 && !withVerdict)) return undefined;
    const keys = Object.keys(sentence.counts);
    for (const key of keys) if (typeof sentence.counts[key] !== 'number') return undefined;
    const id = keys.join('\u0000');
    let shape = shapeIndex.get(id);
    if (shape === undefined) {
      shape = shapes.push(keys) - 1;
      shapeIndex.set(id, shape);
    }
    shapeOf[i] = shape;
    length += keys.length;
    if (withVerdict) {
      let v = verdictIndex.get(sentence.verdict!);
      if (v === undefined) {
        v = verdicts.push(sentence.verdict!) - 1;
        verdictIndex.set(sentence.verdict!, v);
      }
      verdictOf[i] = v;
    } else verdictOf[i] = -1;
  }
  const values = new Float64Array(length);
  let at = 0;
  for (const [i, sentence] of sentences.entries()) for (const key of shapes[shapeOf[i]!]!) values[at++] = sentence.counts[key]!;
  return { shapes, shapeOf, values, verdicts, verdictOf };
}

function unpackSentences(packed: PackedSentences): SentenceScore[] {
  const { shapes, shapeOf, values, verdicts, verdictOf } = packed;
  const out: SentenceScore[] = new Array(shapeOf.length);
  let at = 0;
  for (let i = 0; i < shapeOf.length; i++) {
    const counts: Counts = {};
    for (const key of shapes[shapeOf[i]!]!) counts[key] = values[at++]!;
    const verdict = verdictOf[i]!;
    out[i] = verdict < 0 ? { counts } : { counts, verdict: verdicts[verdict]! };
  }
  return out;
}
