/** Whole processes, timed and measured: wall time and peak resident memory, in paired alternating runs. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Command {
  argv: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface Measured {
  ms: number;
  /** Peak resident set (GNU time's %M) in MB; NaN without /usr/bin/time. */
  peakMb: number;
}

const GNU_TIME = '/usr/bin/time';

/** Runs the steps one after another; wall time of all, the largest peak of any. Throws on a failing step. */
export function measure(steps: Command[], root: string): Measured {
  const t0 = performance.now();
  let peakMb = existsSync(GNU_TIME) ? 0 : NaN;
  for (const c of steps) {
    const argv = Number.isNaN(peakMb) ? c.argv : [GNU_TIME, '-f', '%M', ...c.argv];
    const r = spawnSync(argv[0]!, argv.slice(1), { cwd: c.cwd ?? root, env: { ...process.env, ...c.env }, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
    const stderr = r.stderr?.toString() ?? '';
    if (r.status !== 0) throw new Error(`${c.argv.join(' ')} exited ${r.status}: ${stderr.slice(-800)}`);
    if (!Number.isNaN(peakMb)) peakMb = Math.max(peakMb, Number(stderr.trim().split('\n').pop()) / 1024);
  }
  return { ms: performance.now() - t0, peakMb };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** `pairs` runs of each, the order flipping every pair, after one warm-up of each; medians. */
export function paired(a: () => Measured, b: () => Measured, pairs: number): { a: Measured; b: Measured } {
  a();
  b();
  const ra: Measured[] = [];
  const rb: Measured[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      ra.push(a());
      rb.push(b());
    } else {
      rb.push(b());
      ra.push(a());
    }
  }
  const med = (rs: Measured[]) => ({ ms: median(rs.map((r) => r.ms)), peakMb: median(rs.map((r) => r.peakMb)) });
  return { a: med(ra), b: med(rb) };
}
