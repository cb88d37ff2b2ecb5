import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProgress, timeLeft } from '../../src/cli/progress.ts';

/** A terminal-like stream that keeps what is written. */
function terminal(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text: () => string };
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  Object.assign(stream, { isTTY, columns: 160, text: () => written });
  return stream;
}

const progress = (stage: 'score' | 'judge', done: number, total: number, unitsDone: number, unitsTotal: number) => ({ stage, done, total, unitsDone, unitsTotal });

describe('the CLI progress line', () => {
  it('says the time a stage has left at its pace so far', () => {
    expect(timeLeft(0, 100, 5000)).toBe('…');
    expect(timeLeft(10, 100, 200)).toBe('…'); // too early to tell
    expect(timeLeft(25, 100, 10_000)).toBe('~30 s left');
    expect(timeLeft(10, 100, 10_000)).toBe('~1 min 30 s left');
    expect(timeLeft(100, 100, 10_000)).toBe('…');
  });

  it('prints nothing when stderr is not a terminal, or with --quiet', async () => {
    expect(await startProgress(terminal(false))).toBeUndefined();
    expect(await startProgress(terminal(true), true)).toBeUndefined();
  });

  it('shows the stage, the units of work and what the stage counts, then clears the line', async () => {
    const tty = terminal(true);
    const line = (await startProgress(tty, false, 1e6))!;
    line.step('reading the inputs');
    line.update(progress('score', 40, 100, 40, 300));
    line.update({ ...progress('judge', 256, 3789, 356, 4089), system: 'llm' });
    line.stop();
    await new Promise((r) => setImmediate(r));
    const text = tty.text();
    expect(text).toContain('reading the inputs');
    expect(text).toMatch(/scoring \[=+-+\] 13% \| 40 \/ 100 sentences × profiles/);
    expect(text).toMatch(/judging \[=+-*\] 8% \| 256 \/ 3,789 operations \(llm\)/);
    expect(text.endsWith('\u001b[2K')).toBe(true); // the line is cleared for what follows
  });
});
