/**
 * The page's import under the rules of issue 24: an unrecognised header is refused (in both languages) with the
 * column mapping offered, never imported as a row; Big5-HKSCS reads as text; UTF-32 is named; system names that
 * Object.prototype holds are plain names.
 */
import { describe, expect, it } from 'vitest';
import { issueText } from '../../../src/ui/shared/i18n/messages.ts';
import { validateStaged, type StagedFile } from '../../../src/workers/import/import-files.ts';
import { previewText } from '../../../src/workers/import/file-preview.ts';

let n = 0;
const enc = (text: string) => new TextEncoder().encode(text);
const staged = (name: string, bytes: Uint8Array, role: StagedFile['role'], systemName = '', more: Partial<StagedFile> = {}): StagedFile => ({
  key: `${name}#${n++}`,
  path: name,
  name,
  bytes,
  role,
  systemName,
  ...more,
});
const hex = (h: string) => Uint8Array.from(h.split(' ').map((x) => Number.parseInt(x, 16)));
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('the import panel', () => {
  it('refuses 编号/原句/正确 as an unrecognised header, offers the mapping, and says so in Chinese', () => {
    const result = validateStaged([staged('h.tsv', enc('编号\t原句\t正确\na\t我门\t我们\n'), 'test'), staged('p.tsv', enc('id\tprediction\na\t我们\n'), 'predictions', 'sys')]);
    expect(result.ok).toBe(false);
    const out = result.files[0]!;
    expect(out.issues[0]).toMatchObject({ line: 1, code: 'input.unrecognised-header' });
    expect(out.mappingHelps).toBe(true);
    expect(out.columns).toEqual(['编号', '原句', '正确']);
    expect(issueText(out.issues[0]!, 'zh')).toBe(
      '第一行像是表头，但没有一个列名能识别（第一行：“编号”、“原句”、“正确”）；请指明各列：命令行用 --columns id=编号,source=原句,reference=正确，或在导入面板中选择各列；如果第一行是数据：命令行用 --test-header no，或在导入面板中把“第一行是表头”设为“否”',
    );
  });

  it('imports the file once its columns are chosen, with the header row not among the rows', () => {
    const test = staged('h.tsv', enc('编号\t原句\t正确\na\t我门\t我们\n'), 'test', '', { columns: { id: '编号', source: '原句', references: ['正确'] } });
    const result = validateStaged([test, staged('p.tsv', enc('id\tprediction\na\t我们\n'), 'predictions', 'sys')]);
    expect(result.ok).toBe(true);
    expect(result.testSet!.rows.map((r) => r.id)).toEqual(['a']);
  });

  it('reads a Big5-HKSCS file chosen as Big5 with the WHATWG table, preview included', () => {
    const HK = hex('CA 5C 92 5D C9 4E 9D EF 9D CF'); // 佢哋冇嘅嘢
    const bytes = cat(enc('id\tsource\treference\nh1\t'), HK, enc('\t'), HK, enc('\n'));
    const result = validateStaged([staged('hk.tsv', bytes, 'test', '', { encoding: 'big5' }), staged('p.tsv', enc('id\tprediction\nh1\t佢哋冇嘅嘢\n'), 'predictions', 'sys')]);
    expect(result.ok).toBe(true);
    expect(result.testSet!.rows[0]!.source).toBe('佢哋冇嘅嘢');
    expect(previewText(bytes, 'big5').text).toContain('佢哋冇嘅嘢');
  });

  it('names a UTF-32 file and offers no encoding to choose', () => {
    const text = 'id\tsource\treference\na\t我门\t我们\n';
    const bytes = new Uint8Array([...text].length * 4);
    [...text].forEach((c, i) => new DataView(bytes.buffer).setUint32(i * 4, c.codePointAt(0)!, true));
    const result = validateStaged([staged('w.tsv', bytes, 'test'), staged('p.tsv', enc('id\tprediction\na\t我们\n'), 'predictions', 'sys')]);
    const out = result.files[0]!;
    expect(out.issues[0]).toMatchObject({ code: 'input.utf-32', params: { order: 'LE' } });
    expect(issueText(out.issues[0]!, 'zh')).toBe('文件是 UTF-32（LE）编码，不支持；请另存为 UTF-8');
    expect(out.encodingChoice).toBe(false);
  });

  it('imports systems named __proto__ and constructor as two systems', () => {
    const test = staged('t.tsv', enc('id\tsource\treference\na\t我门\t我们\n'), 'test');
    const result = validateStaged([test, staged('p1.tsv', enc('id\tprediction\na\t我们\n'), 'predictions', '__proto__'), staged('p2.tsv', enc('id\tprediction\na\t我门\n'), 'predictions', 'constructor')]);
    expect(result.ok).toBe(true);
    expect(result.bundle!.systems.map((s) => s.name)).toEqual(['__proto__', 'constructor']);
  });
});
