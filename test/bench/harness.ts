import { loadCoreData } from '../../src/core/core-data.ts';
import { sharedDataDir } from '../conformance/shared-data.ts';

// Benchmarks call the aligner, profiles and error types directly, as the page does after loading these tables.
await loadCoreData();

/** Median wall time (ms) of `fn` over `runs` runs after one warm-up; benchmarks print, they never assert. */
export function timeMs(fn: () => unknown, runs = 5): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function timeMsAsync(fn: () => Promise<unknown>, runs = 3): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The shared data, found as the conformance suite finds it (../shared/data beside the clone, or CSC_SHARED_DATA). */
export const sharedData = sharedDataDir;

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  console.log(`\n${title}`);
  for (const r of cells) console.log(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}

function formatNumber(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2);
}
