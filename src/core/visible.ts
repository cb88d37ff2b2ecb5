/**
 * User-given names and ids as messages and text reports show them: characters that are invisible or act on a
 * terminal (controls, escapes, zero-width and direction marks, BOM, combining marks) become \u{XXXX}, so two ids
 * that differ only by one of them print differently and a name cannot rewrite the screen. Data files are not
 * touched: this is for display only.
 */
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|\p{M}/gu;
const INVISIBLE_BUT_NEWLINE = new RegExp(INVISIBLE.source.replace('\\u0000-\\u001f', '\\u0000-\\u0009\\u000b-\\u001f'), 'gu');

const escape = (ch: string) => `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`;

export function visible(text: string): string {
  return text.replace(INVISIBLE, escape);
}

/** visible() for multi-line text (a message of several problems): line breaks stay. */
export function visibleLines(text: string): string {
  return text.replace(INVISIBLE_BUT_NEWLINE, escape);
}
