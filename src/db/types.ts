/**
 * Records kept in IndexedDB. Heavy payloads (a test set's rows, a system's outputs, per-sentence results) live in
 * their own tables so that listing the workspace never loads them.
 */
import type { Report, RunWarning } from '../core/report.ts';
import type { GcscCounts } from '../core/gcsc/metrics.ts';
import type { GcscSentence } from '../core/gcsc/pipeline.ts';
import type { OperationLabel } from '../core/gcsc/labels.ts';
import type { MetricValue } from '../core/metrics/profile.ts';
import type { ProofreadVerdict } from '../core/metrics/proofread.ts';
import type { ModelManifest } from '../core/embed/types.ts';
import type { JudgeSpec, ThresholdSource } from '../core/judge-spec.ts';
import type { NormalizationOptions } from '../core/normalize/options.ts';
import type { InputDetection, TestRow } from '../core/types.ts';
import type { BenchManifest } from '../core/bench/manifest.ts';

export interface DatasetRecord {
  id: string;
  name: string;
  createdAt: number;
  /** File name of the test set (the input file of a SIGHAN pair). */
  file: string;
  /** Truth file name of a SIGHAN pair. */
  truthFile?: string;
  format: string;
  encoding: string;
  detected?: InputDetection;
  fingerprint: string;
  rowCount: number;
  /** Rows whose reference differs in length from the source (profiles that need equal lengths refuse them). */
  unequalLength: number;
  /** True for the built-in sample. */
  sample?: boolean;
  /** A site benchmark's manifest (its baselines, licence, citations, profiles, judge and metric). */
  bench?: BenchManifest;
}

export interface DatasetRowsRecord {
  datasetId: string;
  rows: TestRow[];
}

export interface SystemRecord {
  id: string;
  datasetId: string;
  name: string;
  createdAt: number;
  file: string;
  format: string;
  encoding: string;
  detected?: InputDetection;
  matchedBy: 'id' | 'line-order';
  idMismatches: number;
}

/** One system's predictions in the order of its dataset's rows (joined by id at import). */
export interface SystemOutputRecord {
  systemId: string;
  datasetId: string;
  predictions: string[];
}

export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed' | 'interrupted';
export type RunPhase = 'csc' | 'gcsc';

/** One human label of a labels judge, as the labels file has it (without its line). */
export type StoredLabel = Omit<OperationLabel, 'line'>;

/**
 * A run's Eval-GCSC judge: the typed spec the Run tab built, and for a model the threshold resolveThreshold chose
 * when the run was created (user > calibration > manifest) with where it came from. A resumed run judges with it.
 */
export interface RunJudge {
  /** model.model: a dropped model's id or "site:<name>"; labels.source: the name the report records. */
  spec: JudgeSpec;
  threshold?: number;
  thresholdFrom?: ThresholdSource;
  /** A model's display name. */
  modelName?: string;
  /** A model's graph as the user chose it; absent: its int8 graph when it has one (chooseGraph). */
  graph?: 'int8' | 'fp32';
  /** Labels judges: Eval-GCSC(human), the majority of the annotators' labels (stored with the run). */
  labels?: StoredLabel[];
}

export interface GcscSummary {
  judge: string;
  segmenter: string;
  stats: { operations: number; judged: number };
  systems: { systemId: string; name: string; counts: GcscCounts; values: { [key: string]: MetricValue }; warnings: string[] }[];
  /** Embedding judges: backend and cache figures, for the run log. */
  details?: Record<string, unknown>;
}

export interface RunRecord {
  id: string;
  datasetId: string;
  /** Systems in report order. */
  systemIds: string[];
  systemNames: string[];
  createdAt: number;
  updatedAt: number;
  /** Updated while the run is active; a 'running' run whose heartbeat stopped was interrupted. */
  heartbeat: number;
  status: RunStatus;
  /** Phases asked for, in order. */
  phases: RunPhase[];
  /** Phases whose results are stored. */
  phasesDone: RunPhase[];
  judge?: RunJudge;
  /** simple-csc's normalisation options the run applies before scoring (absent: none). */
  normalization?: NormalizationOptions;
  /** The Eval-CSC report (and, once Eval-GCSC is done, its profiles too): the CLI's JSON schema. */
  report?: Report;
  /** report.warnings with their codes (core/messages.ts), so the page can show them in its language. */
  warnings?: RunWarning[];
  gcsc?: GcscSummary;
  error?: string;
  /** Milliseconds each phase took. */
  timings: Partial<Record<RunPhase, number>>;
}

export interface CscSentenceResults {
  /** Proofread verdict per row (null when the proofread profile refused the input). */
  verdicts: (ProofreadVerdict | null)[];
}

export interface GcscSentenceResults {
  sentences: GcscSentence[];
}

/** Per-sentence results of one phase for one system of one run. */
export interface ResultRecord {
  /** `${runId}/${systemId}/${phase}` */
  id: string;
  runId: string;
  systemId: string;
  phase: RunPhase;
  csc?: CscSentenceResults;
  gcsc?: GcscSentenceResults;
}

/** A person's verdict on one word-level operation (annotation mode; one record per annotator and operation). */
export interface JudgementRecord {
  /** `${datasetId}/${annotator}/${labelKey}` for records written by the annotation view. */
  id: string;
  datasetId: string;
  /** Who judged (a profile name in this browser, or the name in an imported file). */
  annotator: string;
  sentenceId: string;
  /** The system's id when known in this dataset ('' for imported labels of an unknown system). */
  systemId: string;
  /** The system's name, as in labels files. */
  system: string;
  /** Source span of the operation, code points. */
  span: [number, number];
  /** The operation's reference words. */
  reference: string;
  /** The operation's predicted words. */
  prediction: string;
  rPro: string;
  label: 'correct' | 'wrong' | 'unsure';
  /** v2 field, kept for old records: label === 'correct'. */
  keepsMeaning?: boolean;
  note?: string;
  createdAt: number;
}

/** A threshold chosen on a calibration split of human-labelled operations, kept with the model (site or dropped). */
export interface CalibrationRecord {
  /** The run settings' modelId (a dropped model's id or "site:<name>"). */
  modelId: string;
  threshold: number;
  /** Accuracy on the calibration split and on the rest. */
  calibrationAccuracy: number;
  testAccuracy: number | null;
  calibrationN: number;
  testN: number;
  seed: number;
  createdAt: number;
}

export interface EmbeddingRecord {
  /** embeddingCacheKey(modelHash, text) */
  key: string;
  vector: Float32Array;
}

export interface ModelFileRecord {
  path: string;
  size: number;
  blob: Blob;
}

export interface ModelRecord {
  id: string;
  name: string;
  addedAt: number;
  manifest?: ModelManifest;
  threshold: number;
  files: ModelFileRecord[];
  totalBytes: number;
}

/** A dataset with everything stored under it, as lists of records (a workspace file, an undo snapshot). */
export interface DatasetRecords {
  datasets: DatasetRecord[];
  rows: DatasetRowsRecord[];
  systems: SystemRecord[];
  outputs: SystemOutputRecord[];
  runs: RunRecord[];
  results: ResultRecord[];
  judgements: JudgementRecord[];
}
