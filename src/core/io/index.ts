import type { InputDetection, PredictionRow, Predictions, TestRow, TestSet } from '../types.ts';
import { decodeText, type DecodedText } from './decode.ts';
import { detectFormat, type FormatChoice } from './detect-format.ts';
import { fail, IssueList } from './issues.ts';
import { readTable, type ReadOptions } from './read-table.ts';
import { extractPredictionRows, extractTestRows } from './rows.ts';
import { applyEdits, parseSighanInput, parseSighanLabels } from './sighan.ts';
import { coded } from '../messages.ts';
import { idIssue, textIssue } from './validate-text.ts';

export {
  decodeText,
  detectEncoding,
  detectionIssues,
  parseEncodingName,
  ENCODING_LABELS,
  TEXT_ENCODINGS,
  type ByteError,
  type DecodedText,
  type DecodeOptions,
  type DetectOptions,
  type EncodingCandidate,
  type EncodingDetection,
  type EncodingVerdict,
  type TextEncodingName,
  type TextEvidence,
} from './decode.ts';
export { joinPredictions, type JoinedItems, type JoinOptions } from './join.ts';
export { isIdSummaryIssue, summaryLine, type IdMismatchCause, type IdMismatchSummary, type IdSummaryIssue } from './id-mismatch.ts';
export { datasetFingerprint, nobleSha256Stream, type Sha256Stream } from './fingerprint.ts';
export { unequalLengthRows, type UnequalLengthRow } from './lengths.ts';
export { FILE_FORMATS, type FileFormat } from './detect-format.ts';
export { MAX_REPORTED_ISSUES } from './issues.ts';
export type { ColumnOverrides } from './columns.ts';
export type { ReadOptions } from './read-table.ts';

export interface InputFile {
  name: string;
  bytes: Uint8Array;
  /** The user's choice of encoding (see parseEncodingName); absent: detected (decodeText). */
  encoding?: string | undefined;
}

/**
 * A file already decoded (decodeText): a caller that drops the bytes once they are text holds one copy of a large
 * file, not two, while it is read (the CLI's loadDecodedFile).
 */
export interface DecodedFile {
  name: string;
  decoded: DecodedText;
}

function decodeFile(file: InputFile | DecodedFile): DecodedText {
  return 'decoded' in file ? file.decoded : decodeText(file.bytes, file.name, { encoding: file.encoding });
}

function lineDetection(choice: FormatChoice, decoded: DecodedText, rowCount: number): InputDetection {
  return {
    format: choice.format,
    formatFrom: choice.from,
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter: null,
    quoting: null,
    header: null,
    columns: null,
    ignoredColumns: [],
    rowCount,
    lineUnit: 'line',
  };
}

/** A test set from CSV, TSV (with or without header), para, JSON or JSON Lines. Throws InputError listing every problem. */
export function readTestSet(file: InputFile | DecodedFile, options: ReadOptions = {}): TestSet {
  const decoded = decodeFile(file);
  const choice = detectFormat(file.name, decoded.text, options.format);
  if (choice.format === 'sighan-input' || choice.format === 'sighan-labels') {
    fail(file.name, null, coded('input.sighan-needs-both', { which: choice.format === 'sighan-input' ? 'input' : 'truth' }));
  }
  const issues = new IssueList();
  const { ctx, detected } = readTable(file.name, decoded, { ...choice, format: choice.format }, options, 'test', issues);
  const rows = extractTestRows(ctx);
  issues.throwIfAny();
  return { file: file.name, format: choice.format, encoding: decoded.encoding, rows, detected };
}

/**
 * A SIGHAN test set from its input file (`(pid=ID)<TAB>sentence`) and truth file (`ID, 0` or `ID, pos, char…`).
 * The reference is the sentence with the truth's characters put at their 1-based code-point positions.
 */
export function readSighanTestSet(input: InputFile, truth: InputFile): TestSet {
  const issues = new IssueList();
  const inputText = decodeFile(input);
  const truthText = decodeFile(truth);
  const sentences = parseSighanInput(inputText.text, input.name, issues);
  const labels = parseSighanLabels(truthText.text, truth.name, issues);

  const labelById = new Map<string, (typeof labels)[number]>();
  for (const label of labels) {
    const first = labelById.get(label.id);
    if (first) issues.add(truth.name, label.line, coded('input.duplicate-id', { id: label.id, unit: 'line', first: first.line }), label.id);
    else labelById.set(label.id, label);
  }
  const seen = new Map<string, number>();
  const rows: TestRow[] = [];
  for (const s of sentences) {
    const badId = idIssue(s.id);
    if (badId) {
      issues.add(input.name, s.line, badId);
      continue;
    }
    const first = seen.get(s.id);
    if (first !== undefined) {
      issues.add(input.name, s.line, coded('input.duplicate-id', { id: s.id, unit: 'line', first }), s.id);
      continue;
    }
    seen.set(s.id, s.line);
    const sourceIssue = textIssue(s.text, 'source');
    if (sourceIssue) {
      issues.add(input.name, s.line, sourceIssue, s.id);
      continue;
    }
    const label = labelById.get(s.id);
    if (!label) {
      issues.add(input.name, s.line, coded('input.no-truth-line', { id: s.id, file: truth.name }), s.id);
      continue;
    }
    const reference = applyEdits(s.text, label.edits);
    const refIssue = typeof reference === 'string' ? textIssue(reference, 'reference') : reference.problem;
    if (refIssue) issues.add(truth.name, label.line, refIssue, s.id);
    else {
      const goldLabels = label.edits.map((e) => [e.position, e.char] as const);
      rows.push({ id: s.id, source: s.text, references: [reference as string], line: s.line, goldLabels });
    }
  }
  for (const label of labelById.values()) {
    if (!seen.has(label.id)) issues.add(truth.name, label.line, coded('input.not-in-input', { id: label.id, file: input.name }), label.id);
  }
  if (sentences.length === 0 && issues.size === 0) fail(input.name, null, coded('input.no-rows'));
  issues.throwIfAny();
  const detected: InputDetection = {
    ...lineDetection({ format: 'sighan-input', from: 'option' }, inputText, rows.length),
    format: 'sighan',
    truth: lineDetection({ format: 'sighan-labels', from: 'option' }, truthText, labels.length),
  };
  return { file: input.name, format: 'sighan', encoding: inputText.encoding, rows, detected };
}

/**
 * One system's predictions: CSV, TSV, JSON, JSON Lines with id + prediction, SIGHAN input format
 * (`(pid=ID)<TAB>corrected sentence`), or SIGHAN labels (`ID, 0` / `ID, pos, char…`), which need the test set's
 * sources to become text. Ids are not matched to the test set here: joinPredictions does that.
 */
export function readPredictions(file: InputFile | DecodedFile, options: ReadOptions = {}, testSet?: TestSet): Predictions {
  const decoded = decodeFile(file);
  const choice = detectFormat(file.name, decoded.text, options.format);
  const issues = new IssueList();
  let rows: PredictionRow[];
  let detected: InputDetection;
  if (choice.format === 'sighan-labels') {
    if (!testSet) fail(file.name, null, coded('input.labels-need-test-set'));
    rows = sighanLabelPredictions(file.name, decoded.text, testSet, issues);
    detected = lineDetection(choice, decoded, rows.length);
  } else if (choice.format === 'sighan-input') {
    rows = sighanSentencePredictions(file.name, decoded.text, issues);
    detected = lineDetection(choice, decoded, rows.length);
  } else {
    const table = readTable(file.name, decoded, { ...choice, format: choice.format }, options, 'predictions', issues);
    rows = extractPredictionRows(table.ctx);
    detected = table.detected;
  }
  if (rows.length === 0 && issues.size === 0) fail(file.name, null, coded('input.no-rows'));
  issues.throwIfAny();
  return { file: file.name, format: choice.format, encoding: decoded.encoding, rows, detected };
}

function sighanLabelPredictions(fileName: string, text: string, testSet: TestSet, issues: IssueList): PredictionRow[] {
  const sources = new Map(testSet.rows.map((r) => [r.id, r.source]));
  const seen = new Map<string, number>();
  const rows: PredictionRow[] = [];
  for (const label of parseSighanLabels(text, fileName, issues)) {
    const first = seen.get(label.id);
    if (first !== undefined) {
      issues.add(fileName, label.line, coded('input.duplicate-id', { id: label.id, unit: 'line', first }), label.id);
      continue;
    }
    seen.set(label.id, label.line);
    const source = sources.get(label.id);
    if (source === undefined) {
      issues.add(fileName, label.line, coded('input.not-in-test-set', { id: label.id, file: testSet.file }), label.id);
      continue;
    }
    const prediction = applyEdits(source, label.edits);
    const problem = typeof prediction === 'string' ? textIssue(prediction, 'prediction') : prediction.problem;
    if (problem) issues.add(fileName, label.line, problem, label.id);
    else rows.push({ id: label.id, prediction: prediction as string, line: label.line });
  }
  return rows;
}

function sighanSentencePredictions(fileName: string, text: string, issues: IssueList): PredictionRow[] {
  const seen = new Map<string, number>();
  const rows: PredictionRow[] = [];
  for (const s of parseSighanInput(text, fileName, issues)) {
    const problem = idIssue(s.id) ?? textIssue(s.text, 'prediction');
    const first = seen.get(s.id);
    if (problem) issues.add(fileName, s.line, problem, s.id);
    else if (first !== undefined) issues.add(fileName, s.line, coded('input.duplicate-id', { id: s.id, unit: 'line', first }), s.id);
    else {
      seen.set(s.id, s.line);
      rows.push({ id: s.id, prediction: s.text, line: s.line });
    }
  }
  return rows;
}
