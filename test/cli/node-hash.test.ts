import { describe, expect, it } from 'vitest';
import { nodeSha256Stream } from '../../src/cli/node-hash.ts';
import { datasetFingerprint } from '../../src/core/io/index.ts';

describe('the CLI fingerprints with node:crypto', () => {
  it('equals the page\'s fingerprint (@noble/hashes) byte for byte, large sets and astral characters included', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, source: `句子${i}有𠀀错`, references: [`句子${i}有错`], line: i + 2 }));
    const labelled = [{ id: 'x', source: '他门来了', references: ['他们来了'], goldLabels: [[2, '们'], [3, '来']] as [number, string][], line: 2 }];
    for (const set of [{ rows }, { rows: labelled }, { rows: [] }]) expect(datasetFingerprint(set, nodeSha256Stream())).toBe(datasetFingerprint(set));
    // An empty set is the tag line alone: `printf 'csc-studio test set v1\n' | sha256sum`
    expect(datasetFingerprint({ rows: [] }, nodeSha256Stream())).toBe('70fdf03820b681e884268ae788658fe0792f0ad9abec92072ef09d851fc52436');
  });
});
