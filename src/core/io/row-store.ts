/**
 * Rows kept as offsets into the decoded file's text: one string and a few typed arrays, no object per cell. A
 * million rows of a test set are then the text itself (two bytes a character) plus 32 bytes a row, where plain
 * row objects with their cell strings cost about 200 more. The rows handed out are views whose fields are getters
 * (each read slices the text), so structured clone and object spread cannot copy them: only the CLI reads this
 * way (ReadOptions.compact); the page's rows travel between workers and IndexedDB as plain objects.
 */
import type { PredictionRow, ScoredItem, TestRow } from '../types.ts';

/** A growable column of 32-bit integers. */
class IntColumn {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index]!;
  }
}

/** Where a cell lies in the text: [start, end). */
export interface Span {
  start: number;
  end: number;
}

class SpanColumn {
  private readonly starts = new IntColumn();
  private readonly ends = new IntColumn();

  push(span: Span): void {
    this.starts.push(span.start);
    this.ends.push(span.end);
  }

  text(text: string, index: number): string {
    return text.slice(this.starts.at(index), this.ends.at(index));
  }
}

export class TestRowStore {
  private readonly ids = new SpanColumn();
  private readonly sources = new SpanColumn();
  private readonly references = new SpanColumn();
  /** Row i's references are references[firstReference[i], firstReference[i + 1]). */
  private readonly firstReference = new IntColumn();
  private readonly lines = new IntColumn();
  private count = 0;

  constructor(readonly text: string) {
    this.firstReference.push(0);
  }

  add(line: number, id: Span, source: Span, references: readonly Span[]): void {
    this.ids.push(id);
    this.sources.push(source);
    for (const r of references) this.references.push(r);
    this.firstReference.push(this.firstReference.at(this.count) + references.length);
    this.lines.push(line);
    this.count++;
  }

  id(i: number): string {
    return this.ids.text(this.text, i);
  }

  source(i: number): string {
    return this.sources.text(this.text, i);
  }

  referencesOf(i: number): string[] {
    const out: string[] = [];
    for (let k = this.firstReference.at(i), end = this.firstReference.at(i + 1); k < end; k++) out.push(this.references.text(this.text, k));
    return out;
  }

  line(i: number): number {
    return this.lines.at(i);
  }

  rows(): TestRow[] {
    return Array.from({ length: this.count }, (_, i) => new StoredTestRow(this, i));
  }
}

class StoredTestRow implements TestRow {
  constructor(
    readonly store: TestRowStore,
    readonly index: number,
  ) {}
  get id(): string {
    return this.store.id(this.index);
  }
  get source(): string {
    return this.store.source(this.index);
  }
  get references(): string[] {
    return this.store.referencesOf(this.index);
  }
  get line(): number {
    return this.store.line(this.index);
  }
}

export class PredictionRowStore {
  private readonly ids = new SpanColumn();
  private readonly predictions = new SpanColumn();
  private readonly lines = new IntColumn();
  private count = 0;
  /** The reader's id → line map (every stored row, no repeats), until the join takes it. */
  private lineById: Map<string, number> | undefined;

  constructor(readonly text: string) {}

  keepIdIndex(lineById: Map<string, number>): void {
    this.lineById = lineById;
  }

  /**
   * id → row index from the reader's map, handed over once (the join's, which then needs no map of its own); a
   * second caller gets undefined and builds one.
   */
  takeIdIndex(): ((id: string) => number | undefined) | undefined {
    const lineById = this.lineById;
    if (!lineById) return undefined;
    this.lineById = undefined;
    return (id) => {
      const line = lineById.get(id);
      return line === undefined ? undefined : this.indexOfLine(line);
    };
  }

  /** Rows are stored in line order: a binary search. */
  private indexOfLine(line: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lines.at(mid) < line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(line: number, id: Span, prediction: Span): void {
    this.ids.push(id);
    this.predictions.push(prediction);
    this.lines.push(line);
    this.count++;
  }

  id(i: number): string {
    return this.ids.text(this.text, i);
  }

  prediction(i: number): string {
    return this.predictions.text(this.text, i);
  }

  line(i: number): number {
    return this.lines.at(i);
  }

  rows(): PredictionRow[] {
    return Array.from({ length: this.count }, (_, i) => new StoredPredictionRow(this, i));
  }
}

class StoredPredictionRow implements PredictionRow {
  constructor(
    readonly store: PredictionRowStore,
    readonly index: number,
  ) {}
  get id(): string {
    return this.store.id(this.index);
  }
  get prediction(): string {
    return this.store.prediction(this.index);
  }
  get line(): number {
    return this.store.line(this.index);
  }
}

/**
 * A stored test row joined with a stored prediction: four fields read through to the two texts. It holds the
 * stores, not the row views, so those can go once the rows are joined.
 */
class StoredItem implements ScoredItem {
  constructor(
    private readonly tests: TestRowStore,
    private readonly row: number,
    private readonly predictions: PredictionRowStore,
    private readonly predictionRow: number,
  ) {}
  get id(): string {
    return this.tests.id(this.row);
  }
  get source(): string {
    return this.tests.source(this.row);
  }
  get references(): string[] {
    return this.tests.referencesOf(this.row);
  }
  get prediction(): string {
    return this.predictions.prediction(this.predictionRow);
  }
}

/**
 * The joined item of a test row and a prediction row; a view when both are stored (neither text is copied),
 * a plain object otherwise.
 */
export function joinedItem(row: TestRow, prediction: PredictionRow): ScoredItem {
  if (row instanceof StoredTestRow && prediction instanceof StoredPredictionRow) return new StoredItem(row.store, row.index, prediction.store, prediction.index);
  return { id: row.id, source: row.source, references: row.references, prediction: prediction.prediction };
}

/** The reader's id index of stored prediction rows (see PredictionRowStore.takeIdIndex); undefined for plain rows. */
export function takePredictionIndex(rows: readonly PredictionRow[]): ((id: string) => number | undefined) | undefined {
  const first = rows[0];
  return first instanceof StoredPredictionRow ? first.store.takeIdIndex() : undefined;
}

/** Whether an item's fields are views into stored text (see evaluate's sentence records). */
export function isStoredItem(item: ScoredItem): boolean {
  return item instanceof StoredItem;
}
