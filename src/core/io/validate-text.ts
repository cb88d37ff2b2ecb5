/**
 * Text policy: C0 controls (TAB and newlines included), DEL and C1 controls are errors in ids and texts: the
 * reference scripts split on them and the TSV formats cannot hold them. Unpaired surrogates (possible through JSON
 * escapes) are errors too: they have no UTF-8 form, so they would change under any re-encoding. Nothing is repaired.
 */
function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

function badCharacter(ch: string): string | null {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `a control character ${codePointLabel(cp)}`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `an unpaired surrogate ${codePointLabel(cp)}`;
  return null;
}

/** Any C0/DEL/C1 control or unpaired surrogate: one regex pass, so clean text (nearly all) skips the loop below. */
const ANY_BAD = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function badCharacters(text: string): string | null {
  if (!ANY_BAD.test(text)) return null;
  let first: string | null = null;
  let count = 0;
  let position = 0;
  for (const ch of text) {
    position++;
    const bad = badCharacter(ch);
    if (bad === null) continue;
    count++;
    first ??= `${bad} at character ${position}`;
  }
  if (first === null) return null;
  return count > 1 ? `${first} (and ${count - 1} more)` : first;
}

/** Problem with a source, reference or prediction text, or null. `what` names the field in the message. */
export function textProblem(text: string, what: string): string | null {
  if (text === '') {
    return what === 'prediction'
      ? 'empty prediction: every row needs output text (a system that changes nothing should output the source)'
      : `empty ${what}`;
  }
  if (/^\s+$/u.test(text)) return `the ${what} is only whitespace`;
  const bad = badCharacters(text);
  return bad === null ? null : `the ${what} contains ${bad}`;
}

/** Problem with an id, or null. Surrounding whitespace is an error: trimming it would be a silent repair. */
export function idProblem(id: string): string | null {
  if (id.trim() === '') return 'empty id';
  if (id !== id.trim()) return `the id "${id}" has leading or trailing whitespace`;
  const bad = badCharacters(id);
  return bad === null ? null : `the id contains ${bad}`;
}
