/**
 * The annotation screen's state: the operations of the selected run, the current annotator (a profile name kept
 * in localStorage), every annotator's labels of this dataset (IndexedDB), the queue (all operations or a seeded
 * stratified sample; R_pro = R hidden by default), the cursor, undo, imports and exports.
 */
import type { Repository } from '../../db/repository.ts';
import type { JudgementRecord, RunRecord } from '../../db/types.ts';
import { loadRunData, type RunDataStore } from '../app/run-data.svelte.ts';
import {
  agreement,
  annotationItems,
  majorityFromRows,
  majorityLabels,
  readLabelRows,
  stratifiedSample,
  type AnnotationItem,
  type HumanLabel,
  type LabelRow,
} from './annotation.ts';

const ANNOTATOR_KEY = 'csc-studio.annotator';

export function judgementId(datasetId: string, annotator: string, key: string): string {
  return `${datasetId}/${annotator}/${key.replaceAll('\u0000', '|')}`;
}

export function toLabelRow(j: JudgementRecord): LabelRow {
  return { annotator: j.annotator, id: j.sentenceId, system: j.system, start: j.span[0], end: j.span[1], reference: j.reference, prediction: j.prediction, label: j.label };
}

interface UndoStep {
  key: string;
  previous: JudgementRecord | undefined;
  index: number;
}

export class AnnotationState {
  items = $state<AnnotationItem[]>([]);
  records = $state<JudgementRecord[]>([]);
  annotator = $state('');
  mode = $state<'all' | 'sample'>('all');
  perStratum = $state(5);
  seed = $state(1);
  hideIdentical = $state(true);
  index = $state(0);
  loadedRunId = $state<string | null>(null);
  datasetId = $state<string | null>(null);
  undoStack = $state<UndoStep[]>([]);
  problems = $state<string[]>([]);

  rows = $derived(this.records.map(toLabelRow));
  annotators = $derived([...new Set([...this.records.map((r) => r.annotator), ...(this.annotator ? [this.annotator] : [])])].sort());
  mine = $derived(new Map(this.records.filter((r) => r.annotator === this.annotator).map((r) => [this.keyOf(r), r.label])));
  queue = $derived.by(() => {
    const base = this.mode === 'sample' ? stratifiedSample(this.items, this.perStratum, this.seed) : this.items;
    return this.hideIdentical ? base.filter((i) => !i.identical) : base;
  });
  current = $derived(this.queue[this.index] ?? null);
  done = $derived(this.queue.filter((i) => i.identical || this.mine.has(i.key)).length);
  majority = $derived(majorityLabels(this.rows));
  agreement = $derived(agreement(this.rows));
  unresolved = $derived([...this.majority.values()].filter((m) => m.unresolved).length);

  constructor(
    private readonly repo: Repository,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
    private readonly clock: () => number = () => Date.now(),
    /** The app's shared run data; without it (tests) the run is read from the repository. */
    private readonly runData?: RunDataStore,
  ) {
    try {
      this.annotator = this.storage?.getItem(ANNOTATOR_KEY) ?? '';
    } catch {
      this.annotator = '';
    }
  }

  private keyOf(r: JudgementRecord): string {
    return `${r.sentenceId}\u0000${r.system}\u0000${r.span[0]}-${r.span[1]}`;
  }

  /** Loads the run's operations (once per run) and the dataset's labels. */
  async load(run: RunRecord): Promise<void> {
    if (this.loadedRunId !== run.id) {
      const data = await (this.runData ? this.runData.get(run).ready : loadRunData(this.repo, run));
      this.items = annotationItems(
        data.systems.filter((s) => s.gcsc).map((s) => ({ systemId: s.id, name: s.name, sentences: s.gcsc!, rows: data.rows, predictions: s.predictions })),
      );
      this.loadedRunId = run.id;
      this.index = 0;
      this.undoStack = [];
    }
    this.datasetId = run.datasetId;
    await this.reloadLabels();
  }

  async reloadLabels(): Promise<void> {
    if (this.datasetId) this.records = await this.repo.listJudgements(this.datasetId);
  }

  setAnnotator(name: string): void {
    this.annotator = name.trim();
    this.undoStack = [];
    try {
      this.storage?.setItem(ANNOTATOR_KEY, this.annotator);
    } catch {
      // a convenience only
    }
  }

  labelOf(item: AnnotationItem): HumanLabel | 'prefilled' | null {
    const mine = this.mine.get(item.key);
    if (mine) return mine;
    return item.identical ? 'prefilled' : null;
  }

  /** Actions run one after another, so fast keystrokes each apply to the next operation in turn. */
  private chain: Promise<unknown> = Promise.resolve();
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Labels the current operation and moves on. */
  mark(label: HumanLabel): Promise<void> {
    return this.serial(() => this.markNow(label));
  }

  private async markNow(label: HumanLabel): Promise<void> {
    const item = this.current;
    if (!item || !this.annotator || !this.datasetId) return;
    const id = judgementId(this.datasetId, this.annotator, item.key);
    const previous = this.records.find((r) => r.id === id);
    const record: JudgementRecord = {
      id,
      datasetId: this.datasetId,
      annotator: this.annotator,
      sentenceId: item.id,
      systemId: item.systemId,
      system: item.system,
      span: [item.start, item.end],
      reference: item.opReference,
      prediction: item.opPrediction,
      rPro: item.rPro,
      label,
      createdAt: this.clock(),
    };
    await this.repo.saveJudgement(record, record.createdAt);
    this.undoStack = [...this.undoStack, { key: item.key, previous, index: this.index }];
    this.records = [...this.records.filter((r) => r.id !== id), record];
    this.next();
  }

  next(): void {
    if (this.index < this.queue.length - 1) this.index++;
  }

  prev(): void {
    if (this.index > 0) this.index--;
  }

  /** Goes to the first operation this annotator has not labelled. */
  firstOpen(): void {
    const i = this.queue.findIndex((item) => this.labelOf(item) === null);
    if (i >= 0) this.index = i;
  }

  /** Takes back the last label (restores what was there before) and returns to that operation. */
  undo(): Promise<void> {
    return this.serial(() => this.undoNow());
  }

  private async undoNow(): Promise<void> {
    const step = this.undoStack.at(-1);
    if (!step || !this.datasetId) return;
    this.undoStack = this.undoStack.slice(0, -1);
    const id = judgementId(this.datasetId, this.annotator, step.key);
    if (step.previous) await this.repo.saveJudgement(step.previous, step.previous.createdAt);
    else await this.repo.deleteJudgement(id);
    this.records = [...this.records.filter((r) => r.id !== id), ...(step.previous ? [step.previous] : [])];
    this.index = Math.min(step.index, Math.max(0, this.queue.length - 1));
  }

  /** Keyboard: 1/c correct, 0/w wrong, u unsure, z/Backspace undo, s/→ skip, ← back. True when handled. */
  async key(key: string): Promise<boolean> {
    const k = key.toLowerCase();
    if (k === '1' || k === 'c') await this.mark('correct');
    else if (k === '0' || k === 'w') await this.mark('wrong');
    else if (k === 'u') await this.mark('unsure');
    else if (k === 'z' || k === 'backspace') await this.undo();
    else if (k === 's' || k === 'arrowright') await this.serial(async () => this.next());
    else if (k === 'arrowleft') await this.serial(async () => this.prev());
    else return false;
    return true;
  }

  /** Rows of one annotator (default: the current one), in the queue's order where possible. */
  annotatorRows(annotator = this.annotator): LabelRow[] {
    return this.rows.filter((r) => r.annotator === annotator).sort((a, b) => a.system.localeCompare(b.system) || a.id.localeCompare(b.id) || a.start - b.start);
  }

  /** The resolved majority labels of the dataset (every annotator). */
  majorityLabels() {
    return majorityFromRows(this.rows);
  }

  /** Imports another annotator's file; rows without an annotator column get `fallback`. Returns rows stored. */
  async importFile(name: string, bytes: Uint8Array, fallback: string): Promise<number> {
    if (!this.datasetId) return 0;
    const { rows, problems } = readLabelRows(name, bytes, fallback);
    this.problems = problems;
    const systemIds = new Map(this.items.map((i) => [i.system, i.systemId]));
    const rPro = new Map(this.items.map((i) => [i.key, i.rPro]));
    const now = this.clock();
    const records: JudgementRecord[] = rows.map((r) => {
      const key = `${r.id}\u0000${r.system}\u0000${r.start}-${r.end}`;
      return {
        id: judgementId(this.datasetId!, r.annotator, key),
        datasetId: this.datasetId!,
        annotator: r.annotator,
        sentenceId: r.id,
        systemId: systemIds.get(r.system) ?? '',
        system: r.system,
        span: [r.start, r.end],
        reference: r.reference,
        prediction: r.prediction,
        rPro: rPro.get(key) ?? '',
        label: r.label,
        createdAt: now,
      };
    });
    await this.repo.saveJudgements(records);
    await this.reloadLabels();
    return records.length;
  }

  async deleteAnnotator(name: string): Promise<void> {
    if (!this.datasetId) return;
    await this.repo.deleteAnnotator(this.datasetId, name);
    await this.reloadLabels();
  }
}
