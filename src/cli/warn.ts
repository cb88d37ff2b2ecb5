import { visible } from '../core/visible.ts';

/** One warning line on stderr; names and ids in it cannot hide characters or reach the terminal as escapes. */
export function warn(line: string): void {
  process.stderr.write(`warning: ${visible(line)}\n`);
}
