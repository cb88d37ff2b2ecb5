/**
 * Temporary output files are removed when the process is interrupted (Ctrl-C, kill, a closed terminal): the
 * handlers are installed only while one exists, remove them all, then let the signal end the process as it would.
 */
import { unlinkSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const live = new Set<string>();

function onSignal(signal: NodeJS.Signals): void {
  for (const file of live) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
  live.clear();
  uninstall();
  process.kill(process.pid, signal);
}

function uninstall(): void {
  for (const s of SIGNALS) process.removeListener(s, onSignal);
}

export function trackTempFile(file: string): void {
  if (live.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  live.add(file);
}

export function untrackTempFile(file: string): void {
  if (live.delete(file) && live.size === 0) uninstall();
}
