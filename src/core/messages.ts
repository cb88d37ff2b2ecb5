/**
 * Messages the core produces that the page shows (a row's refusal, a profile's refusal, run warnings, file
 * validation problems): a stable code and its parameters beside the English text the CLI prints. The page renders
 * code + params in its own language (src/ui/shared/i18n/messages.ts); the English text stays what it always was.
 * A parameter that names a field or a kind is itself a code (FIELDS, BAD_KINDS, EQUAL_LENGTH_NEEDS), never prose.
 */
import { visible } from './visible.ts';

export type MessageParams = Readonly<Record<string, string | number>>;

/** A text field of a row, as messages name it. */
export type FieldName = 'id' | 'source' | 'reference' | 'prediction' | 'sentence';

/** What a profile needs of a row's lengths (requireEqualLengths), with the English the CLI prints. */
export const EQUAL_LENGTH_NEEDS = {
  all: 'source, reference and prediction of equal length',
  'prediction-source': 'predictions as long as their source',
  'reference-source': 'references as long as their source',
  'reference-and-source': 'reference and source of equal length',
} as const;
export type EqualLengthNeed = keyof typeof EQUAL_LENGTH_NEEDS;

/** Why a value is undefined (zeroDivisionWarning's reasons), with the English the CLI prints. */
export const ZERO_DIVISION_REASONS = {
  'no-items': 'there are no items (accuracy divides by 0)',
  'no-prediction-change': 'no prediction changes any character (P divides by 0)',
  'no-prediction-change-detection': 'no prediction changes any character (detection P divides by 0)',
  'no-correction-at-error': 'no changed character is at a target error (correction P divides by 0)',
  'no-reference-error': 'no reference differs from its source (R divides by 0)',
  'no-target-error': 'no target has an error (R divides by 0)',
} as const;
export type ZeroDivisionReason = keyof typeof ZERO_DIVISION_REASONS;

/** Values the Levenshtein script prints as 0.0 where they are undefined ("as the script does: …"). */
export const PRINTED_AS_ZERO = {
  'no-prediction': 'no prediction changes the source, so P (and F1) print 0.0 rather than undefined',
  'no-error': 'no reference differs from its source, so R (and F1) print 0.0 rather than undefined',
  'no-clean': 'no sentence is error-free, so sentence fpr prints 0.0 rather than undefined',
} as const;
export type PrintedAsZero = keyof typeof PRINTED_AS_ZERO;

/** A list parameter's items (lists travel as one string, items joined by LIST_SEPARATOR). */
export const LIST_SEPARATOR = ', ';
export function listItems(p: MessageParams, k: string): string[] {
  const v = String(p[k] ?? '');
  return v === '' ? [] : v.split(LIST_SEPARATOR);
}

const s = (n: number) => (n === 1 ? '' : 's');
const str = (p: MessageParams, k: string) => String(p[k]);
const num = (p: MessageParams, k: string) => Number(p[k]);

/** The English text of every code (the CLI's words, unchanged). */
export const ENGLISH_MESSAGES = {
  // alignment (align/limits.ts)
  'align.too-long': (p: MessageParams) =>
    `texts of ${str(p, 'source')} and ${str(p, 'target')} characters differ too much to align within ${str(p, 'limit')} table cells ` +
    `(needs at least ${str(p, 'cells')}); raise the alignment cell limit (--max-align-cells) or split the row`,
  'align.search-too-long': (p: MessageParams) =>
    `texts of ${str(p, 'source')} and ${str(p, 'target')} characters differ too much to align: the transposition search ` +
    `passed ${str(p, 'steps')} steps, the limit for ${str(p, 'limit')} table cells; raise the alignment cell limit (--max-align-cells) or split the row`,
  // rows and profiles refused (refused-rows.ts, report.ts, metrics/item-checks.ts); `reason` is another code
  'row.left-out': (p: MessageParams) => `row ${str(p, 'row')} left out: ${englishMessage(str(p, 'reason'), p)}`,
  'profile.every-row-too-long': (p: MessageParams) => `every row is too long to align (${str(p, 'ids')}): ${englishMessage(str(p, 'reason'), p)}`,
  'profile.unequal-lengths': (p: MessageParams) =>
    `needs ${EQUAL_LENGTH_NEEDS[str(p, 'need') as EqualLengthNeed]} (in characters); ${str(p, 'count')} row${num(p, 'count') === 1 ? ' differs' : 's differ'} in length: ${str(p, 'ids')}`,
  // texts and ids (io/validate-text.ts); `field` is a FieldName, `kind` 'control' | 'surrogate'
  'input.empty-prediction': () => 'empty prediction: every row needs output text (a system that changes nothing should output the source)',
  'input.empty-field': (p: MessageParams) => `empty ${str(p, 'field')}`,
  'input.whitespace-only': (p: MessageParams) => `the ${str(p, 'field')} is only whitespace`,
  'input.bad-character': (p: MessageParams) => `the ${str(p, 'field')} contains ${badCharacterText(p)}`,
  'input.id-whitespace': (p: MessageParams) => `the id "${str(p, 'id')}" has leading or trailing whitespace`,
  // cells and rows (io/rows.ts); `type` is 'null' | 'array' | 'object' | 'number' | 'boolean' | …
  'input.missing-field': (p: MessageParams) => `no "${str(p, 'column')}" field`,
  'input.inexact-number': (p: MessageParams) =>
    `the ${str(p, 'field')} ("${str(p, 'column')}") is the JSON number ${str(p, 'value')}, which cannot be kept exactly (beyond 2^53 or not a whole number); write ids as strings, e.g. "${str(p, 'column')}": "…"`,
  'input.not-a-string': (p: MessageParams) => `the ${str(p, 'field')} ("${str(p, 'column')}") is ${describeType(str(p, 'type'))}, not a string`,
  'input.columns-vs-header': (p: MessageParams) => `wrong number of columns: ${str(p, 'count')} column${s(num(p, 'count'))}, but the header has ${str(p, 'header')}`,
  'input.columns-test': (p: MessageParams) => `wrong number of columns: ${str(p, 'count')} column${s(num(p, 'count'))}; expected at least 3 (id, source, reference…)`,
  'input.columns-predictions': (p: MessageParams) => `wrong number of columns: ${str(p, 'count')} column${s(num(p, 'count'))}; expected 2 (id, prediction)`,
  'input.duplicate-id': (p: MessageParams) => `duplicate id "${str(p, 'id')}": also on ${str(p, 'unit')} ${str(p, 'first')}`,
  'input.empty-reference-list': (p: MessageParams) => `the reference list ("${str(p, 'column')}") is empty`,
  // files (io/index.ts, io/issues.ts); `which` is 'input' | 'truth'
  'input.sighan-needs-both': (p: MessageParams) =>
    `this is ${p['which'] === 'input' ? 'a SIGHAN test input' : 'a SIGHAN truth file'}; a SIGHAN test set needs both files: --test INPUT --truth TRUTH in the CLI, or both files in the import panel`,
  // a first row that is a header by evidence but whose names are not known (io/columns.ts); `columns`: its cells
  // (a list), `flag`: --columns or --pred-columns, `names`: that flag's value naming them by position, `header`:
  // --test-header or --pred-header
  'input.unrecognised-header': (p: MessageParams) =>
    `the first row looks like a header, but no column name is recognised (first row: ${listItems(p, 'columns').map((c) => `"${c}"`).join(', ')}); ` +
    `name the columns: ${str(p, 'flag')} ${str(p, 'names')} in the CLI, or the column choices in the import panel; ` +
    `if the first row is data, say so: ${str(p, 'header')} no in the CLI, or "First row is a header: no" in the import panel`,
  'input.no-truth-line': (p: MessageParams) => `id "${str(p, 'id')}" has no line in the truth file ${str(p, 'file')}`,
  'input.not-in-input': (p: MessageParams) => `id "${str(p, 'id')}" is not in the input file ${str(p, 'file')}`,
  'input.not-in-test-set': (p: MessageParams) => `id "${str(p, 'id')}" is not in the test set ${str(p, 'file')}`,
  'input.no-rows': () => 'the file has no rows',
  'input.empty-file': () => 'the file is empty: nothing to import',
  // `order`: 'LE' | 'BE'
  'input.utf-32': (p: MessageParams) => `the file is UTF-32 (${str(p, 'order')}), which is not supported; save it as UTF-8`,
  // joining predictions to the test set (io/join.ts)
  'input.no-prediction': (p: MessageParams) => `no prediction for id "${str(p, 'id')}" (${str(p, 'file')} line ${str(p, 'line')})`,
  'input.line-order-counts': (p: MessageParams) =>
    `matching by line order needs as many predictions as test rows: the test set has ${str(p, 'test')}, the predictions have ${str(p, 'predictions')}`,
  // pairing by line order when most ids differ (io/join.ts); examples as line1/prediction1/test1… (`examples` of them);
  // `cause`: 'shuffled' | 'line-numbers' | 'other'
  'input.line-order-ids': (p: MessageParams) =>
    `${str(p, 'file')}: the ids differ from the test set's on ${str(p, 'mismatches')} of ${str(p, 'total')} lines (e.g. ${lineOrderExamples(p)}); ${
      p['cause'] === 'shuffled'
        ? "they are the test set's ids in another order, so pairing by line most likely scores the wrong sentences: match by id instead"
        : p['cause'] === 'line-numbers'
          ? 'they look like line numbers; paired by line as asked'
          : 'paired by line as asked: check that both files are in the same order'
    }`,
  'input.labels-need-test-set': () => 'SIGHAN label predictions ("ID, pos, char") need the test set to rebuild the sentences',
  'input.more-problems': (p: MessageParams) => `${str(p, 'count')} more problem${s(num(p, 'count'))} not shown`,
  // profile warnings (metrics/*.ts): the numbers stand, with a caveat
  'profile.first-reference': (p: MessageParams) =>
    `${str(p, 'count')} item${num(p, 'count') === 1 ? ' has' : 's have'} more than one reference; this script takes one, so only the first was used`,
  'profile.zero-division': (p: MessageParams) =>
    `${str(p, 'keys')} undefined: ${listItems(p, 'reasons').map((r) => ZERO_DIVISION_REASONS[r as ZeroDivisionReason] ?? r).join('; ')}; the script stops with ZeroDivisionError`,
  'profile.printed-as-zero': (p: MessageParams) =>
    `as the script does: ${listItems(p, 'cases').map((c) => PRINTED_AS_ZERO[c as PrintedAsZero] ?? c).join('; ')}`,
  'profile.cleaned': (p: MessageParams) =>
    `${str(p, 'count')} row(s) changed by the script's text cleaning (control characters removed, whitespace normalised, ends stripped) before scoring`,
  'profile.no-error-sentences': () =>
    'no error sentences (source = reference everywhere): corrected_rate, unchanged_error_rate and changed_not_gold_rate are null, not measured',
  'profile.no-clean-sentences': () => 'no clean sentences (source ≠ reference everywhere): changed_clean_rate is null, not measured',
  // `missing`: the keys left out; an F1 is missing when P or R is, any other ratio when it is 0/0
  'profile.not-computable': (p: MessageParams) =>
    `not computable, so left out as the official tool prints no number: ${listItems(p, 'missing')
      .map((k) => (k.endsWith('_f1') ? `${k} (P or R undefined, or P + R = 0)` : `${k} (0/0)`))
      .join(', ')}`,
  'profile.sighan-unwritable': (p: MessageParams) =>
    `${str(p, 'count')} row(s) have an edit to ',' or a blank, which the official tool cannot read from its comma-separated labels (it fails on such files); these numbers are what it would print if it could: ${str(p, 'ids')}`,
  'profile.unequal-positions': (p: MessageParams) =>
    `${str(p, 'count')} row(s) differ in length after whitespace removal; as the script does, positions are compared only up to the shortest text`,
  'profile.longer-than-source': (p: MessageParams) =>
    `${str(p, 'count')} row(s) have a reference or prediction longer than the source; as the script does, only the first len(source) characters are compared`,
  // `aligner`: 'difflib' | 'cherrant'
  'profile.cllm-changed': (p: MessageParams) =>
    `${str(p, 'count')} prediction${num(p, 'count') === 1 ? ' was' : 's were'} changed before scoring: C-LLM keeps only equal-length substitutions ` +
    `(${p['aligner'] === 'difflib' ? 'difflib, on CJK source characters' : 'ChERRANT alignment'}) and undoes every other edit`,
  // Eval-GCSC (gcsc/metrics.ts, op-stats.ts)
  'gcsc.unjudged': (p: MessageParams) => `${str(p, 'count')} operation${s(num(p, 'count'))} could not be judged and count as incorrect`,
  'gcsc.no-operations': () => 'no operations: the system changed nothing, so S_C_p and C_C_p are undefined (null)',
  'gcsc.no-error-words': () => 'no error words in the test set, so S_C_r and C_C_r are undefined (null)',
  'ops.no-edits': () => 'no edits: the shares are undefined (null)',
  // wrappers: `inner` is the wrapped message's code, its params merged in (compare/*.ts, errortype/breakdown.ts)
  'run.warning': (p: MessageParams) => `${str(p, 'system')} / ${str(p, 'profile')}: ${englishMessage(str(p, 'inner'), p)}`,
  'slice.warning': (p: MessageParams) => `slice ${str(p, 'family')}=${str(p, 'slice')}: ${englishMessage(str(p, 'inner'), p)}`,
  'bytype.warning': (p: MessageParams) => `${str(p, 'errorType')} / ${str(p, 'profile')}: ${englishMessage(str(p, 'inner'), p)}`,
  // statistics (compare/pairwise.ts, compare/intervals.ts); `key` is a metric key path such as "cs.f1"
  'compare.not-scored': (p: MessageParams) => `${str(p, 'profile')} did not score ${str(p, 'system')}, so no comparison of it on ${str(p, 'profile')}`,
  'compare.delta-undefined': (p: MessageParams) =>
    `${str(p, 'a')} vs ${str(p, 'b')} / ${str(p, 'profile')} / ${str(p, 'key')}: delta undefined in ${str(p, 'bootstrap')} bootstrap and ${str(p, 'randomization')} randomization samples (left out)`,
  // `withheld`: 1 when so many resamples are undefined that no interval is given, 0 when they are left out of it
  'interval.undefined': (p: MessageParams) =>
    `${str(p, 'system')} / ${str(p, 'profile')} / ${str(p, 'key')}: undefined in ${str(p, 'nulls')} of ${str(p, 'resamples')} resamples` +
    (num(p, 'withheld') === 1 ? ', more than the interval allows, so no interval' : ', left out of the interval'),
} satisfies Record<string, (p: MessageParams) => string>;

export type MessageCode = keyof typeof ENGLISH_MESSAGES;
export const MESSAGE_CODES = Object.keys(ENGLISH_MESSAGES) as MessageCode[];

/** A message with its code and parameters; `message` is the English text. */
export interface CodedMessage {
  code: MessageCode;
  params: MessageParams;
  message: string;
}

/** A message that may have a code (one without is shown in English): a list that mixes both, e.g. a report's warnings. */
export interface MaybeCoded {
  message: string;
  code?: MessageCode | undefined;
  params?: MessageParams | undefined;
}

/**
 * `inner` inside a wrapper code ('run.warning', 'slice.warning', 'bytype.warning') with the wrapper's own params;
 * an uncoded inner gives an uncoded message (its English text, so the page says it in English, marked so).
 */
export function wrapCoded(code: 'run.warning' | 'slice.warning' | 'bytype.warning', params: MessageParams, inner: MaybeCoded | string): MaybeCoded {
  if (typeof inner === 'string' || inner.code === undefined) {
    const text = typeof inner === 'string' ? inner : inner.message;
    return { message: ENGLISH_MESSAGES[code]({ ...params, inner: text }) };
  }
  return coded(code, { ...inner.params, ...params, inner: inner.code });
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.prototype.hasOwnProperty.call(ENGLISH_MESSAGES, code);
}

/** The coded message with its English text. */
export function coded(code: MessageCode, params: MessageParams = {}): CodedMessage {
  // Ids and names are shown with their invisible characters escaped, in every language (see visible.ts).
  const shown = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? visible(v) : v]));
  return { code, params: shown, message: ENGLISH_MESSAGES[code](shown) };
}

function englishMessage(code: string, params: MessageParams): string {
  return isMessageCode(code) ? ENGLISH_MESSAGES[code](params) : code;
}

/** "a control character U+0009 at character 3 (and 2 more)" from kind, codePoint, position, more. */
function badCharacterText(p: MessageParams): string {
  const what = p['kind'] === 'surrogate' ? 'an unpaired surrogate' : 'a control character';
  const first = `${what} ${str(p, 'codePoint')} at character ${str(p, 'position')}`;
  return num(p, 'more') > 0 ? `${first} (and ${str(p, 'more')} more)` : first;
}

/** The examples of 'input.line-order-ids', as id-mismatch.ts writes them. */
function lineOrderExamples(p: MessageParams): string {
  return Array.from({ length: num(p, 'examples') }, (_, i) => `line ${str(p, `line${i + 1}`)}: "${str(p, `prediction${i + 1}`)}" where the test has "${str(p, `test${i + 1}`)}"`).join('; ');
}

function describeType(type: string): string {
  return type === 'null' ? 'null' : type === 'array' ? 'an array' : type === 'object' ? 'an object' : `a ${type}`;
}
