import { describe, expect, test } from 'vitest';
import { ReadCache, validateStaged } from '../../../src/workers/import/import-files.ts';
import { staged } from '../../db/helpers.ts';

const TEST = 'id\tsource\treference\nt1\t我门\t我们\nt2\t他们\t他们\nt3\t天汽\t天气\n';
/** Ids numbered by line (1, 2, 3): the mistake the summary names. */
const BY_LINE = 'id\tprediction\n1\t我们\n2\t他们\n3\t天气\n';

describe('staging reads each file once per set of reading options', () => {
  test('renaming a system reads nothing again; a new option reads that file only', () => {
    const cache = new ReadCache();
    const files = [staged('test.tsv', TEST, 'test'), staged('pred.tsv', 'id\tprediction\nt1\t我们\nt2\t他们\nt3\t天气\n', 'predictions', 'a')];
    expect(validateStaged(files, undefined, 0, cache).ok).toBe(true);
    const first = cache.reads;
    const renamed = [files[0]!, { ...files[1]!, systemName: 'b' }];
    const again = validateStaged(renamed, undefined, 0, cache);
    expect(again.bundle!.systems[0]!.name).toBe('b');
    expect(cache.reads).toBe(first);
    validateStaged([files[0]!, { ...renamed[1]!, header: true }], undefined, 0, cache);
    // The prediction file's read and its join (the header option does not change the first look); the test set's none.
    expect(cache.reads).toBe(first + 2);
  });
});

describe('what the import panel shows when a file fails', () => {
  test('ids that are line numbers: one summary line with the cause, and line order fixes it', () => {
    const files = [staged('test.tsv', TEST, 'test'), staged('pred.tsv', BY_LINE, 'predictions', 'a')];
    const result = validateStaged(files);
    const out = result.files[1]!;
    expect(result.ok).toBe(false);
    expect(out.idSummary).toMatchObject({ matched: 0, total: 3, cause: 'line-numbers-1' });
    // The detection stays visible although the join failed.
    expect(out.detected?.format).toBe('tsv');
    const fixed = validateStaged([files[0]!, { ...files[1]!, matchByLineOrder: true }]);
    expect(fixed.ok).toBe(true);
    expect(fixed.files[1]).toMatchObject({ matchedBy: 'line-order', idMismatches: 3 });
  });

  test('without a test set, a prediction file still shows what it looks like', () => {
    const result = validateStaged([staged('pred.tsv', BY_LINE, 'predictions', 'a')]);
    expect(result.files[0]!.sniffed).toMatchObject({ format: 'tsv', columns: ['id', 'prediction'], encoding: { encoding: 'utf-8' } });
  });

  test('an encoding the core cannot decide offers the choice, and the choice reads the file', () => {
    // "a<TAB>善樓<TAB>善樓" in Big5 reads as "到加" in GB18030: both plausible.
    const bytes = new Uint8Array([0x61, 0x09, 0xb5, 0xbd, 0xbc, 0xd3, 0x09, 0xb5, 0xbd, 0xbc, 0xd3, 0x0a]);
    const test = staged('short.para', bytes, 'test');
    const pred = staged('p.tsv', 'id\tprediction\na\t善樓\n', 'predictions', 'p');
    const refused = validateStaged([test, pred]).files[0]!;
    expect(refused.encodingChoice).toBe(true);
    expect(refused.issues[0]!.problem).toMatch(/cannot tell the encoding/);
    expect(refused.sniffed?.encoding.detection?.candidates.map((c) => c.encoding)).toContain('big5');
    const chosen = validateStaged([{ ...test, encoding: 'big5' }, pred]);
    expect(chosen.ok).toBe(true);
    expect(chosen.testSet!.rows[0]!.source).toBe('善樓');
    expect(chosen.testSet!.encoding).toBe('big5');
  });
});
