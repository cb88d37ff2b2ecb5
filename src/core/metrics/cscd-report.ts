/**
 * CSCD-NS evaluate.py's report file (write_report), text for text: "overview:" with one "KEY:VALUE" line per
 * metric (its order, Python's float printing), "bad cases:", then for every row whose prediction differs from
 * its reference four lines (原始 / 正确 / 预测 with the differing characters in 【】 / 错误类型) and a blank line.
 * With ignored characters, as the script: at an ignored source character, source and prediction take the
 * reference's character (so it is neither an error nor a change), which the report shows too.
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { cscdProfile, cscdVerdict } from './cscd.ts';
import { firstReference } from './item-checks.ts';
import { ProfileError } from './profile.ts';
import { CSCD_LABELS } from './simplecsc-labels.ts';
import { plainItem } from '../item.ts';

/** CSCD-NS's ignore_chars: source and prediction take the reference's character where the source's is ignored. */
export function cscdIgnoreChars(item: ScoredItem, ignoreChars: ReadonlySet<string>): ScoredItem {
  if (ignoreChars.size === 0) return item;
  const tgt = chars(firstReference(item));
  const src = chars(item.source);
  const pred = chars(item.prediction);
  const n = Math.min(src.length, tgt.length, pred.length);
  for (let i = 0; i < n; i++) {
    if (ignoreChars.has(src[i]!)) {
      src[i] = tgt[i]!;
      pred[i] = tgt[i]!;
    }
  }
  return { ...plainItem(item), source: src.join(''), prediction: pred.join('') };
}

/** Python's str() of a float as the scripts print it (100.0, 66.667, 1e-05). */
export function pyFloatStr(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return `${x}.0`;
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    // Python writes a two-digit exponent at least: 1e-05, 1.5e+16.
    return x.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(x);
}

function marked(a: readonly string[], b: readonly string[], show: 'a' | 'b'): string {
  let out = '';
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = show === 'a' ? a[i]! : b[i]!;
    out += a[i] === b[i] ? c : `【${c}】`;
  }
  return out;
}

/**
 * The report for one system. Throws ProfileError where the script writes none: unequal lengths (its
 * assertion) or a metric it cannot compute (ZeroDivisionError before write_report).
 */
export function cscdReportText(items: readonly ScoredItem[], ignoreChars: ReadonlySet<string> = new Set()): string {
  const rows = items.map((item) => cscdIgnoreChars(item, ignoreChars));
  const { values } = cscdProfile.compute(rows);
  const undefinedKeys = Object.entries(values).filter(([, v]) => v === null).map(([k]) => k);
  if (undefinedKeys.length > 0) {
    throw new ProfileError(
      'cscd',
      `no report: ${undefinedKeys.join(', ')} divide by zero, where the script stops with ZeroDivisionError`,
    );
  }
  let out = 'overview:\n';
  for (const [key, value] of Object.entries(values)) out += `${key}:${pyFloatStr(value as number)}\n`;
  out += '\nbad cases:\n';
  for (const item of rows) {
    const reference = firstReference(item);
    const label = CSCD_LABELS[cscdVerdict(item.source, reference, item.prediction)];
    if (label === null) continue;
    const tgt = chars(reference);
    const pred = chars(item.prediction);
    out += `原始: ${item.source}\n正确: ${marked(pred, tgt, 'b')}\n预测: ${marked(pred, tgt, 'a')}\n错误类型: ${label}\n\n`;
  }
  return out;
}
