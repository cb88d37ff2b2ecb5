/**
 * ChERRANT's char-level M2 format (also plain M2 without T lines):
 *   S 因 为 在 ...                                   source tokens, space-separated
 *   T0-A0 即 使 在 ...                               annotator 0, alternative alignment 0: target tokens
 *   A 0 2|||S|||即 使|||REQUIRED|||-NONE-|||0         edit: span, type, replacement (-NONE- = empty), annotator
 *   T1 没有错误                                      annotator 1: no edits (with an A -1 -1|||noop line)
 *   T2 无法标注                                      annotator 2: not annotatable (A -1 -1|||NA line)
 * Blocks are separated by a blank line.
 */
import { CHERRANT_T2S, type T2sName } from '../opencc/conversions.ts';
import { toSimplified } from '../opencc/t2s.ts';
import { chars } from '../text.ts';
import { extractEditSets } from './edits.ts';
import type { AlignOptions, Edit } from './types.ts';

/** parallel_to_m2.py's settings: the aligner's costs, and the t2s conversion of the targets (default OpenCC 1.1.2, as ChERRANT pins). */
export interface ParallelToM2Options extends AlignOptions {
  t2s?: T2sName | undefined;
}

export interface M2Edit {
  start: number;
  end: number;
  /** S, M, R, W at char level; anything else is kept as written. */
  type: string;
  /** Replacement tokens joined without spaces; '' for -NONE-. */
  replacement: string;
  annotator: number;
}

export interface M2Annotation {
  annotator: number;
  /** k of T{n}-A{k}: ChERRANT writes one per distinct cheapest alignment. */
  alternative: number;
  /** The T line's tokens joined; null without a T line or for 没有错误 / 无法标注. */
  target: string | null;
  /** ChERRANT's 无法标注 (an NA edit): the sentence has no usable reference from this annotator. */
  unannotatable: boolean;
  /** Edits in file order, noop and NA lines left out. */
  edits: M2Edit[];
}

export interface M2Block {
  /** Source tokens joined without spaces. */
  source: string;
  sourceTokens: string[];
  annotations: M2Annotation[];
}

/** ChERRANT's reference conventions: the sentence is correct / cannot be annotated. */
export const NO_ERROR = '没有错误';
export const NOT_ANNOTATABLE = '无法标注';
const NONE = '-NONE-';

function tokens(text: string): string[] {
  return text === '' ? [] : text.split(' ').filter((t) => t !== '');
}

function parseEditLine(line: string, lineNo: number): M2Edit {
  const fields = line.slice(2).split('|||');
  const span = (fields[0] ?? '').trim().split(/\s+/);
  const start = Number(span[0]);
  const end = Number(span[1]);
  const annotator = Number(fields[fields.length - 1]);
  if (fields.length < 3 || !Number.isInteger(start) || !Number.isInteger(end) || !Number.isInteger(annotator)) {
    throw new Error(`M2 line ${lineNo}: malformed edit "${line}"`);
  }
  const cor = fields[2]!;
  return { start, end, type: fields[1]!, replacement: cor === NONE ? '' : tokens(cor).join(''), annotator };
}

/** Parse M2 text into blocks; throws on a malformed line, naming its 1-based line number. */
export function parseM2(text: string): M2Block[] {
  const blocks: M2Block[] = [];
  let block: M2Block | null = null;
  let current: M2Annotation | null = null;
  // Plain M2 has no T lines: A lines are grouped by their annotator id.
  const byAnnotator = new Map<number, M2Annotation>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (line.trim() === '') {
      block = null;
      return;
    }
    if (line.startsWith('S ') || line === 'S') {
      const sourceTokens = tokens(line.slice(2));
      block = { source: sourceTokens.join(''), sourceTokens, annotations: [] };
      blocks.push(block);
      current = null;
      byAnnotator.clear();
      return;
    }
    if (block === null) throw new Error(`M2 line ${lineNo}: expected an S line, got "${line}"`);
    const b: M2Block = block;
    const t = /^T(\d+)(?:-A(\d+))?(?: (.*))?$/.exec(line);
    if (t) {
      const rest = t[3] ?? '';
      const special = t[2] === undefined && (rest === NO_ERROR || rest === NOT_ANNOTATABLE);
      current = {
        annotator: Number(t[1]),
        alternative: t[2] === undefined ? 0 : Number(t[2]),
        target: special ? null : tokens(rest).join(''),
        unannotatable: t[2] === undefined && rest === NOT_ANNOTATABLE,
        edits: [],
      };
      b.annotations.push(current);
      return;
    }
    if (line.startsWith('A ')) {
      const edit = parseEditLine(line, lineNo);
      let ann: M2Annotation | null = current;
      if (ann === null) {
        ann = byAnnotator.get(edit.annotator) ?? null;
        if (ann === null) {
          ann = { annotator: edit.annotator, alternative: 0, target: null, unannotatable: false, edits: [] };
          byAnnotator.set(edit.annotator, ann);
          b.annotations.push(ann);
        }
      }
      if (edit.type === 'NA') ann.unannotatable = true;
      else if (edit.type !== 'noop' && edit.start >= 0) ann.edits.push(edit);
      return;
    }
    throw new Error(`M2 line ${lineNo}: unknown line "${line}"`);
  });
  return blocks;
}

function spaced(text: string): string {
  return chars(text).join(' ');
}

function editLine(e: Pick<Edit, 'type' | 'start' | 'end' | 'replacement'>, annotator: number): string {
  const cor = e.type === 'R' || e.replacement === '' ? NONE : spaced(e.replacement);
  return `A ${e.start} ${e.end}|||${e.type}|||${cor}|||REQUIRED|||-NONE-|||${annotator}`;
}

function noopLine(type: 'noop' | 'NA', annotator: number): string {
  return `A -1 -1|||${type}|||-NONE-|||REQUIRED|||-NONE-|||${annotator}`;
}

export interface M2Annotator {
  /** Written on the T lines when given; without it no T line is written (plain M2). */
  target?: string;
  /** One edit list per alternative alignment; [[]] (or []) means no edits. */
  editSets: readonly (readonly Edit[])[];
  /** ChERRANT's 无法标注. */
  unannotatable?: boolean;
}

/** One M2 block (no trailing blank line) for a source and its annotators (ids 0, 1, ...). */
export function toM2Block(source: string, annotators: readonly M2Annotator[]): string {
  const out = [`S ${spaced(source)}`.trimEnd()];
  annotators.forEach((a, id) => {
    const sets = a.editSets.filter((s) => s.length > 0);
    if (a.unannotatable) {
      if (a.target !== undefined) out.push(`T${id} ${NOT_ANNOTATABLE}`);
      out.push(noopLine('NA', id));
    } else if (sets.length === 0) {
      if (a.target !== undefined) out.push(`T${id} ${NO_ERROR}`);
      out.push(noopLine('noop', id));
    } else {
      sets.forEach((edits, k) => {
        if (a.target !== undefined) out.push(`T${id}-A${k} ${spaced(a.target)}`.trimEnd());
        for (const e of edits) out.push(editLine(e, id));
      });
    }
  });
  return out.join('\n');
}

/** One annotator's edits as an M2 block. */
export function toM2(source: string, edits: readonly Edit[], options: { target?: string } = {}): string {
  return toM2Block(source, [{ editSets: [edits], ...options }]);
}

/** Python's str.split() whitespace (str.isspace), which ChERRANT removes from every sentence. */
const WHITESPACE = /[\t\n\v\f\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/gu;

export function stripWhitespace(text: string): string {
  return text.replace(WHITESPACE, '');
}

/**
 * What ChERRANT's parallel_to_m2.py -g char writes for one source and its targets: whitespace
 * removed, targets converted with options.t2s (OpenCC 1.1.2 by default), 没有错误 / identical target -> noop, 无法标注 -> NA, every
 * distinct cheapest alignment (with options.cilin: costed as ChERRANT with its Cilin).
 */
export function parallelToM2(source: string, targets: readonly string[], options: ParallelToM2Options = {}): string {
  const src = stripWhitespace(source);
  return toM2Block(
    src,
    targets.map((raw) => {
      // ChERRANT converts every target with OpenCC t2s before aligning (its default, without --no_simplified).
      const target = toSimplified(stripWhitespace(raw), options.t2s ?? CHERRANT_T2S);
      if (target === NOT_ANNOTATABLE) return { target, editSets: [], unannotatable: true };
      if (target === NO_ERROR || target === src) return { target, editSets: [] };
      return { target, editSets: extractEditSets(src, target, undefined, options) };
    }),
  );
}

/**
 * What parseM2 reads back from an M2 line's space-separated characters: the characters, less trailing ones that
 * JavaScript's trimEnd() removes from the written line (white space Python keeps, such as U+FEFF).
 */
function writtenTokens(text: string): string[] {
  const cs = chars(text);
  while (cs.length > 0 && /^\s$/.test(cs[cs.length - 1]!)) cs.pop();
  return cs;
}

/**
 * A replacement as its edit line reads back. Only a last character '|' changes it: written before the field
 * separator it makes '||||', which Python's split('|||') (and ours) cuts one character early, dropping it.
 */
function readBack(replacement: string): string {
  return replacement.endsWith('|') ? tokens(`${spaced(replacement)}|||`.split('|||')[0]!).join('') : replacement;
}

/**
 * parseM2(parallelToM2(source, targets, options))[0], built directly: the cherrant profile scored every sentence
 * by writing its M2 text and parsing it back (a fifth of its time). test/core/align/m2.test.ts checks the two agree.
 */
export function parallelToM2Block(source: string, targets: readonly string[], options: ParallelToM2Options = {}): M2Block {
  const src = stripWhitespace(source);
  const sourceTokens = writtenTokens(src);
  const annotations: M2Annotation[] = [];
  targets.forEach((raw, id) => {
    const target = toSimplified(stripWhitespace(raw), options.t2s ?? CHERRANT_T2S);
    const lone = (unannotatable: boolean): M2Annotation => ({ annotator: id, alternative: 0, target: null, unannotatable, edits: [] });
    if (target === NOT_ANNOTATABLE) {
      annotations.push(lone(true));
      return;
    }
    const sets = target === NO_ERROR || target === src ? [] : extractEditSets(src, target, undefined, options).filter((set) => set.length > 0);
    if (sets.length === 0) {
      annotations.push(lone(false));
      return;
    }
    const written = writtenTokens(target).join('');
    sets.forEach((edits, k) => {
      annotations.push({
        annotator: id,
        alternative: k,
        target: written,
        unannotatable: false,
        // An R edit and an empty replacement are written as -NONE-.
        edits: edits.map((e) => ({ start: e.start, end: e.end, type: e.type, replacement: e.type === 'R' ? '' : readBack(e.replacement), annotator: id })),
      });
    });
  });
  return { source: sourceTokens.join(''), sourceTokens, annotations };
}
