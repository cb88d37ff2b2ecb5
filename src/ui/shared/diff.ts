/** Character diffs for display, from the core aligner (the same alignment Eval-GCSC and the edit profiles use). */
import { align } from '../../core/align/index.ts';
import { chars } from '../../core/text.ts';

export type SegmentKind = 'same' | 'sub' | 'del' | 'ins' | 'move';

export interface Segment {
  text: string;
  kind: SegmentKind;
}

export interface CharDiff {
  /** The source with deleted, substituted and moved characters marked. */
  source: Segment[];
  /** The target with inserted, substituted and moved characters marked. */
  target: Segment[];
  /** Number of non-matching alignment steps. */
  edits: number;
}

function push(list: Segment[], text: string, kind: SegmentKind): void {
  if (text === '') return;
  const last = list[list.length - 1];
  if (last && last.kind === kind) last.text += text;
  else list.push({ text, kind });
}

export function charDiff(source: string, target: string): CharDiff {
  const src = chars(source);
  const tgt = chars(target);
  const out: CharDiff = { source: [], target: [], edits: 0 };
  if (source === target) {
    push(out.source, source, 'same');
    push(out.target, target, 'same');
    return out;
  }
  for (const op of align(source, target)) {
    const s = src.slice(op.srcStart, op.srcEnd).join('');
    const t = tgt.slice(op.tgtStart, op.tgtEnd).join('');
    const kind: SegmentKind = op.kind === 'M' ? 'same' : op.kind === 'S' ? 'sub' : op.kind === 'D' ? 'del' : op.kind === 'I' ? 'ins' : 'move';
    if (kind !== 'same') out.edits++;
    push(out.source, s, kind === 'ins' ? 'same' : kind);
    push(out.target, t, kind === 'del' ? 'same' : kind);
  }
  return out;
}
