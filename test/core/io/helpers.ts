import { expect } from 'vitest';
import { InputError, type InputIssue } from '../../../src/core/types.ts';

export function utf8(name: string, text: string): { name: string; bytes: Uint8Array } {
  return { name, bytes: new TextEncoder().encode(text) };
}

export function concatBytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

export function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const out: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (endian === 'le') out.push(u & 0xff, u >> 8);
    else out.push(u >> 8, u & 0xff);
  }
  return Uint8Array.from(out);
}

/** Runs fn, expects an InputError, returns its issues as the CLI prints them (codes and parameters: codedIssuesOf). */
export function issuesOf(fn: () => unknown): InputIssue[] {
  return codedIssuesOf(fn).map(({ code: _code, params: _params, ...english }) => english);
}

/** Runs fn, expects an InputError, returns its issues as they are (with their codes and parameters). */
export function codedIssuesOf(fn: () => unknown): InputIssue[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as InputError).issues;
  }
  throw new Error('expected an InputError');
}

/** The one issue fn throws. */
export function singleIssue(fn: () => unknown): InputIssue {
  const issues = issuesOf(fn);
  expect(issues).toHaveLength(1);
  return issues[0]!;
}
