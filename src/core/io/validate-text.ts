/**
 * Text policy: C0 controls (TAB and newlines included), DEL and C1 controls are errors in ids and texts: the
 * reference scripts split on them and the TSV formats cannot hold them. Unpaired surrogates (possible through JSON
 * escapes) are errors too: they have no UTF-8 form, so they would change under any re-encoding. Nothing is repaired.
 */
import { coded, type CodedMessage, type FieldName } from '../messages.ts';

function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

function badKind(ch: string): 'control' | 'surrogate' | null {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'surrogate';
  return null;
}

/** Any C0/DEL/C1 control or unpaired surrogate: one regex pass, so clean text (nearly all) skips the loop below. */
const ANY_BAD = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first bad character (kind, code point, 1-based position) and how many more there are, or null. */
function badCharacters(text: string, field: FieldName): CodedMessage | null {
  if (!ANY_BAD.test(text)) return null;
  let first: { kind: string; codePoint: string; position: number } | null = null;
  let count = 0;
  let position = 0;
  for (const ch of text) {
    position++;
    const kind = badKind(ch);
    if (kind === null) continue;
    count++;
    first ??= { kind, codePoint: codePointLabel(ch.codePointAt(0)!), position };
  }
  return first === null ? null : coded('input.bad-character', { field, ...first, more: count - 1 });
}

/** Problem with a source, reference or prediction text, or null. */
export function textIssue(text: string, field: Exclude<FieldName, 'id'>): CodedMessage | null {
  if (text === '') return field === 'prediction' ? coded('input.empty-prediction') : coded('input.empty-field', { field });
  if (/^\s+$/u.test(text)) return coded('input.whitespace-only', { field });
  return badCharacters(text, field);
}

/** Problem with an id, or null. Surrounding whitespace is an error: trimming it would be a silent repair. */
export function idIssue(id: string): CodedMessage | null {
  if (id.trim() === '') return coded('input.empty-field', { field: 'id' });
  if (id !== id.trim()) return coded('input.id-whitespace', { id });
  return badCharacters(id, 'id');
}

/** textIssue's English text (callers that keep plain strings). */
export function textProblem(text: string, what: Exclude<FieldName, 'id'>): string | null {
  return textIssue(text, what)?.message ?? null;
}

/** idIssue's English text. */
export function idProblem(id: string): string | null {
  return idIssue(id)?.message ?? null;
}
