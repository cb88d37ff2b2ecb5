/**
 * The import step's state: files dropped or picked (folders too), the role of each, reading overrides from the
 * column-mapping step, and the validation outcome. Validation runs whenever something changes, reading each file
 * once per set of reading options (typing a system name reads nothing); the bundle is only there when every file
 * read cleanly.
 */
import type { ColumnOverrides } from '../../core/io/index.ts';
import type { TestRow } from '../../core/types.ts';
import type { DatasetRecord } from '../../db/types.ts';
import { isModelFile, type PickedFile } from '../shared/pick.ts';
import { guessRole, ReadCache, systemNameFor, validateStaged, type FileRole, type StagedFile, type ValidationResult } from './import-files.ts';

/** Files a user never means to import (hidden files, licences, notes). */
function isNoise(path: string): boolean {
  const name = path.split('/').pop() ?? path;
  return name.startsWith('.') || /^(license|licence|notice|readme)(\.|$)/i.test(name) || /\.(md|pdf|png|jpe?g|gif|zip|gz|py|sh)$/i.test(name);
}

let counter = 0;

function withoutColumns(f: StagedFile): StagedFile {
  const { columns: _columns, ...rest } = f;
  return rest;
}

export class ImportStaging {
  files = $state<StagedFile[]>([]);
  /** Add systems to this stored dataset instead of importing a new one. */
  target = $state<{ dataset: DatasetRecord; rows: TestRow[]; systemNames: string[] } | null>(null);
  /** Kept across validations; entries go with their files' bytes. */
  readonly cache = new ReadCache();
  result = $derived<ValidationResult | null>(this.files.length === 0 ? null : validateStaged(this.files, this.target ?? undefined, Date.now(), this.cache));

  /** Adds files; each gets a guessed role and, for predictions, a unique system name. Returns how many were added. */
  add(picked: readonly PickedFile[]): number {
    const fresh: StagedFile[] = [];
    for (const p of picked) {
      if (isNoise(p.path) || isModelFile(p.path)) continue;
      if (this.files.some((f) => f.path === p.path)) continue;
      const name = p.path.split('/').pop() ?? p.path;
      const role = guessRole(name, p.bytes);
      const taken = [...this.files, ...fresh].map((f) => f.systemName).concat(this.target?.systemNames ?? []);
      fresh.push({ key: `f${counter++}`, path: p.path, name, bytes: p.bytes, role, systemName: role === 'predictions' ? systemNameFor(p.path, taken) : '' });
    }
    this.files = [...this.files, ...fresh];
    return fresh.length;
  }

  private update(key: string, change: (f: StagedFile) => StagedFile): void {
    this.files = this.files.map((f) => (f.key === key ? change(f) : f));
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
  }

  clear(): void {
    this.files = [];
  }

  setTarget(target: ImportStaging['target']): void {
    this.target = target;
  }
}
