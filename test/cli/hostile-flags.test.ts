/**
 * Hostile command lines, second round (issue 24): flags that need something loaded, help after a command, flags
 * that only matter together, and messages that speak CLI. Each case runs the real binary.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
const evalArgs = (...more: string[]) => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, ...more];
const noBug = (stderr: string) => expect(stderr).not.toMatch(/internal error|this is a bug/);

describe('every --slice works without other flags', { timeout: 60_000 }, () => {
  it.each([
    ['type', [] as string[]],
    ['type,length', ['--metrics', 'cscd,lemon']],
    ['errors,type', ['--ci', '--resamples', '50']],
  ])('--slice %s %s', async (slice, more) => {
    const r = await cli(...evalArgs('--metrics', 'cscd', '--slice', slice, ...more));
    noBug(r.stderr);
    expect(r.code).toBe(0);
    // 块→快 sounds alike (phonetic); 近→经 sounds and looks alike (both): read from the readings and glyph tables.
    const type = (JSON.parse(r.stdout) as { slices: { type: { slices: Record<string, { error_sentences: number }> } } }).slices.type.slices;
    expect([type['phonetic']!.error_sentences, type['both']!.error_sentences]).toEqual([1, 1]);
  });

  it('--slice type with --format md scores (the slices stay in the JSON report)', async () => {
    const r = await cli(...evalArgs('--metrics', 'cscd', '--slice', 'type', '--format', 'md'));
    noBug(r.stderr);
    expect(r.code).toBe(0);
  });

  it('--slice seen with --train reads the training errors without --by-type', async () => {
    // Training: 块→快 was seen; 近→经 never.
    writeFileSync(file('train.tsv'), 'id\tsource\treference\nt1\t尽块\t尽快\n');
    const r = await cli(...evalArgs('--metrics', 'cscd,sighan', '--slice', 'seen', '--train', file('train.tsv')));
    noBug(r.stderr);
    expect(r.code).toBe(0);
    const seen = (JSON.parse(r.stdout) as { slices: { seen: { slices: Record<string, { error_sentences: number }> } } }).slices.seen.slices;
    expect(Object.fromEntries(Object.entries(seen).map(([name, s]) => [name, s.error_sentences]))).toEqual({ seen: 1, unseenV: 0, unseenK: 1 });
  });
});
