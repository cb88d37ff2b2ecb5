/**
 * The site's benchmarks as the page offers them (Data tab), and the one asked for: by a click, or by a link
 * (`#bench=NAME&metric=…`, bench-link.ts) before the Data tab is shown. The import panel takes the request,
 * loads the files (each checked against its manifest) and stages them.
 */
import { listSiteDatasets, loadSiteDatasetFiles, SiteDatasetError, type SiteDataset } from '../../platform/site-datasets.ts';

export interface BenchRefusal {
  kind: SiteDatasetError['kind'] | 'unknown';
  /** The file refused, relative to datasets/ (or the benchmark's name when it is not on the site). */
  file: string;
  detail: string;
}

export class BenchState {
  datasets = $state.raw<SiteDataset[]>([]);
  /** The list could not be read (a malformed index). */
  listError = $state<BenchRefusal | null>(null);
  loaded = $state(false);
  /** A benchmark to stage; the import panel takes it. */
  requested = $state<string | null>(null);
  /** The metric a link asked for, and for which benchmark: its leaderboard starts with it. */
  linked = $state<{ bench: string; metric: string } | null>(null);
  #listing: Promise<SiteDataset[]> | undefined;

  constructor(
    private readonly list: () => Promise<SiteDataset[]> = () => listSiteDatasets(),
    private readonly load: (d: SiteDataset) => Promise<{ path: string; bytes: Uint8Array }[]> = (d) => loadSiteDatasetFiles(d),
  ) {}

  /** Reads the site's index once (again after `force`). */
  refresh(force = false): Promise<SiteDataset[]> {
    if (!this.#listing || force) {
      this.#listing = this.list().then(
        (datasets) => {
          this.datasets = datasets;
          this.listError = null;
          this.loaded = true;
          return datasets;
        },
        (err: unknown) => {
          this.listError = refusal(err, 'index.json');
          this.loaded = true;
          return [];
        },
      );
    }
    return this.#listing;
  }

  request(name: string, metric: string | null = null): void {
    this.requested = name;
    if (metric !== null) this.linked = { bench: name, metric };
  }

  /** The metric a link asked for this benchmark's leaderboard, if any. */
  metricFor(bench: string): string | null {
    return this.linked?.bench === bench ? this.linked.metric : null;
  }

  /** Takes the pending request, if any (once). */
  take(): string | null {
    const name = this.requested;
    this.requested = null;
    return name;
  }

  /** The dataset and its checked files; a refusal names what was wrong. */
  async files(name: string): Promise<{ dataset: SiteDataset; files: { path: string; bytes: Uint8Array }[] } | BenchRefusal> {
    const dataset = (await this.refresh()).find((d) => d.name === name);
    if (!dataset) return this.listError ?? { kind: 'unknown', file: name, detail: '' };
    try {
      return { dataset, files: await this.load(dataset) };
    } catch (err) {
      return refusal(err, name);
    }
  }
}

function refusal(err: unknown, file: string): BenchRefusal {
  if (err instanceof SiteDatasetError) return { kind: err.kind, file: err.file, detail: err.message };
  return { kind: 'fetch', file, detail: err instanceof Error ? err.message : String(err) };
}
