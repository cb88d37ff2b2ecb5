/**
 * The import step's state: files dropped or picked (folders too), the role of each, reading overrides from the
 * column-mapping step, and the validation outcome. The files' bytes go to the staging worker as soon as they are
 * picked (staging-api.ts): it guesses their roles, reads and validates them whenever something changes (each file
 * once per set of reading options; typing a system name reads nothing), and stores the import. The page keeps
 * names, roles and options only, so reading a large file never blocks it.
 */
import type { ColumnOverrides } from '../../core/io/index.ts';
import type { DatasetRecord } from '../../db/types.ts';
import type { DatasetMeta, FileRole } from '../../workers/import/import-files.ts';
import { benchFileRole, systemNameFor } from '../../workers/import/import-files.ts';
import type { ImportOutcome, StagedMeta, StagingApi, ValidationView } from '../../workers/staging-api.ts';
import { createStagingClient } from '../../workers/staging-client.ts';
import { isModelFile, type PickedFile } from '../shared/pick.ts';

/** Files a user never means to import (hidden files, licences, notes). */
function isNoise(path: string): boolean {
  const name = path.split('/').pop() ?? path;
  return name.startsWith('.') || /^(license|licence|notice|readme)(\.|$)/i.test(name) || /\.(md|pdf|png|jpe?g|gif|zip|gz|py|sh)$/i.test(name);
}

let counter = 0;

function withoutColumns(f: StagedMeta): StagedMeta {
  const { columns: _columns, ...rest } = f;
  return rest;
}

export type { StagedMeta };

export class ImportStaging {
  files = $state<StagedMeta[]>([]);
  /** Add systems to this stored dataset instead of importing a new one. */
  target = $state<{ dataset: DatasetRecord; systemNames: string[] } | null>(null);
  /** The latest validation's outcome; null with no files. */
  result = $state.raw<ValidationView | null>(null);
  /** A validation is on its way (the result shown may be an older one). */
  checking = $state(false);
  /** The worker failed (a crash, a file it no longer holds): what it said. */
  failure = $state<string | null>(null);
  /** A site benchmark staged as a new dataset: its test set and baselines are the files in `locked`. */
  bench = $state.raw<DatasetMeta | null>(null);
  /** Keys of the benchmark's own files (their roles and names come from its manifest). */
  locked = $state.raw<ReadonlySet<string>>(new Set());

  #generation = 0;
  #latest: Promise<void> = Promise.resolve();

  /** `database`: the name of the page's database, which an import writes to (read when needed). */
  constructor(
    private readonly service: StagingApi = createStagingClient(),
    private readonly database: () => string = () => '',
  ) {}

  private get dbName(): string {
    return this.database();
  }

  /** Adds files; each gets a guessed role and, for predictions, a unique system name. Resolves to how many were added. */
  async add(picked: readonly PickedFile[]): Promise<number> {
    const fresh: { key: string; path: string; name: string; bytes: Uint8Array; size: number }[] = [];
    for (const p of picked) {
      if (isNoise(p.path) || isModelFile(p.path)) continue;
      if (this.files.some((f) => f.path === p.path) || fresh.some((f) => f.path === p.path)) continue;
      // The size is read now: the bytes are then transferred to the worker, and their buffer is gone from here.
      fresh.push({ key: `f${counter++}`, path: p.path, name: p.path.split('/').pop() ?? p.path, bytes: p.bytes, size: p.bytes.length });
    }
    if (fresh.length === 0) return 0;
    const roles = new Map((await this.service.add(fresh.map(({ key, name, bytes }) => ({ key, name, bytes })))).map((r) => [r.key, r.role]));
    const added: StagedMeta[] = [];
    for (const f of fresh) {
      const role = roles.get(f.key) ?? 'ignore';
      const taken = [...this.files, ...added].map((x) => x.systemName).concat(this.target?.systemNames ?? []);
      added.push({ key: f.key, path: f.path, name: f.name, size: f.size, role, systemName: role === 'predictions' ? systemNameFor(f.path, taken) : '' });
    }
    this.files = [...this.files, ...added];
    this.revalidate();
    return added.length;
  }

  private update(key: string, change: (f: StagedMeta) => StagedMeta): void {
    this.files = this.files.map((f) => (f.key === key ? change(f) : f));
    this.revalidate();
  }

  /**
   * Stages a benchmark's checked files in place of whatever was staged: its test set, and each baseline under
   * its manifest's name. The visitor then adds predictions only.
   */
  async stageBench(meta: DatasetMeta, files: readonly { path: string; bytes: Uint8Array }[]): Promise<void> {
    this.clear();
    const manifest = meta.bench;
    const fresh = files.map((f) => ({ key: `f${counter++}`, path: `${manifest.name}/${f.path}`, name: f.path.split('/').pop() ?? f.path, bytes: f.bytes, size: f.bytes.length }));
    await this.service.add(fresh.map(({ key, name, bytes }) => ({ key, name, bytes })));
    this.files = fresh.map((f, i) => ({ key: f.key, path: f.path, name: f.name, size: f.size, ...benchFileRole(manifest, files[i]!.path) }));
    this.bench = meta;
    this.locked = new Set(fresh.map((f) => f.key));
    this.revalidate();
  }

  /** Validates the current files in the worker; an older answer never overwrites a newer one. */
  private revalidate(): void {
    const generation = ++this.#generation;
    if (this.files.length === 0) {
      this.result = null;
      this.checking = false;
      this.#latest = Promise.resolve();
      return;
    }
    this.checking = true;
    // Plain copies: reactive state cannot be posted to the worker.
    const files = $state.snapshot(this.files) as StagedMeta[];
    const target = this.target ? { datasetId: this.target.dataset.id, systemNames: [...this.target.systemNames] } : null;
    const bench = this.bench ? ($state.snapshot(this.bench) as DatasetMeta) : undefined;
    this.#latest = this.service.validate(this.dbName, files, target, Date.now(), bench).then(
      (result) => {
        if (generation !== this.#generation) return;
        this.result = result;
        this.failure = null;
        this.checking = false;
      },
      (err: unknown) => {
        if (generation !== this.#generation) return;
        this.failure = err instanceof Error ? err.message : String(err);
        this.checking = false;
      },
    );
  }

  /** Resolves once the latest validation has landed (tests; the import waits for it too). */
  settled(): Promise<void> {
    return this.#latest;
  }

  /** Stores what the latest validation found ready; null when nothing was. */
  async importValidated(): Promise<ImportOutcome | null> {
    await this.settled();
    if (!this.result?.ok || this.checking) return null;
    return this.service.importValidated(this.dbName);
  }

  setRole(key: string, role: FileRole): void {
    this.update(key, (f) => {
      const next = { ...f, role };
      if (role === 'predictions' && f.systemName === '') {
        next.systemName = systemNameFor(f.path, this.files.map((x) => x.systemName).concat(this.target?.systemNames ?? []));
      }
      return next;
    });
  }

  setSystemName(key: string, name: string): void {
    this.update(key, (f) => ({ ...f, systemName: name }));
  }

  setFormat(key: string, format: string | undefined): void {
    this.update(key, (f) => {
      const next = { ...f };
      if (format) next.format = format;
      else delete next.format;
      return next;
    });
  }

  setHeader(key: string, header: boolean | undefined): void {
    this.update(key, (f) => {
      const next = { ...f };
      if (header === undefined) delete next.header;
      else next.header = header;
      return next;
    });
  }

  setColumn(key: string, field: keyof ColumnOverrides, value: string | undefined): void {
    this.update(key, (f) => {
      const columns: ColumnOverrides = { ...(f.columns ?? {}) };
      if (field === 'references') {
        if (value) columns.references = [value];
        else delete columns.references;
      } else if (value) columns[field] = value;
      else {
        const { [field]: _drop, ...rest } = columns;
        return Object.keys(rest).length === 0 ? withoutColumns(f) : { ...f, columns: rest };
      }
      return Object.keys(columns).length === 0 ? withoutColumns(f) : { ...f, columns };
    });
  }

  /** undefined: detect the encoding. */
  setEncoding(key: string, encoding: string | undefined): void {
    this.update(key, (f) => {
      const next = { ...f };
      if (encoding) next.encoding = encoding;
      else delete next.encoding;
      return next;
    });
  }

  setMatchByLineOrder(key: string, on: boolean): void {
    this.update(key, (f) => ({ ...f, matchByLineOrder: on }));
  }

  remove(key: string): void {
    this.files = this.files.filter((f) => f.key !== key);
    void this.service.forget([key]);
    this.revalidate();
  }

  clear(): void {
    const keys = this.files.map((f) => f.key);
    this.files = [];
    this.bench = null;
    this.locked = new Set();
    void this.service.forget(keys);
    this.revalidate();
  }

  setTarget(target: ImportStaging['target']): void {
    this.target = target;
    this.revalidate();
  }
}

