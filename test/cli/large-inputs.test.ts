import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'csc-large-'));
afterEach(() => vi.restoreAllMocks());

/** A sparse file of `bytes` bytes: its size is what counts, and it takes no disk. */
function fileOf(name: string, bytes: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, '');
  truncateSync(file, bytes);
  return file;
}

describe('collectOftenForLargeInputs', () => {
  it('leaves V8 alone below the size, ignores paths it cannot size, and sets the growth once above it', async () => {
    vi.resetModules();
    const { collectOftenForLargeInputs, LARGE_INPUT_BYTES } = await import('../../src/cli/large-inputs.ts');
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    const half = fileOf('half.tsv', LARGE_INPUT_BYTES / 2);
    await collectOftenForLargeInputs([half, undefined, path.join(dir, 'missing.tsv'), dir]);
    expect(set).not.toHaveBeenCalled();
    await collectOftenForLargeInputs([half, fileOf('other-half.tsv', LARGE_INPUT_BYTES / 2)]);
    expect(set.mock.calls).toEqual([['--heap-growing-percent=25']]);
    await collectOftenForLargeInputs([fileOf('big.tsv', LARGE_INPUT_BYTES * 2)]);
    expect(set).toHaveBeenCalledTimes(1);
    rmSync(dir, { recursive: true, force: true });
  });
});
