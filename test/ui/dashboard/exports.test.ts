import { describe, expect, test } from 'vitest';
import { availableFamilies, f1Overview, familyChart, layoutGroupedBars, METRIC_FAMILIES, opsShares, proofreadChart } from '../../../src/ui/shared/charts.ts';
import { barChartSvg, escapeHtml, htmlReport, reportCsvFile, reportJson, sentencesCsv } from '../../../src/ui/dashboard/exports.ts';
import { fileStem } from '../../../src/ui/shared/download.ts';
import type { Report } from '../../../src/core/report.ts';
import type { DatasetRecord, RunRecord } from '../../../src/db/types.ts';

const report: Report = {
  tool: { name: 'csc-studio', version: '0.1.0' },
  dataset: { file: 'x<y>.tsv', format: 'tsv', encoding: 'utf-8', rows: 2, fingerprint: 'ab'.repeat(32) },
  profiles: { cscd: '1.0.0', lemon: '1.0.0', proofread: '1.0.0', ops: '1.0.0' },
  systems: {
    '=bert': {
      cscd: { S_C_p: 80, S_C_r: 40, S_C_f1: 53.333, S_D_p: 90, S_D_r: 45, S_D_f1: 60 },
      lemon: { correct: { p: 0.5, r: 0.25, f1: 0.333 } },
      proofread: { counts: { error_total: 1 }, rates: { corrected_rate: 0.5, unchanged_error_rate: null, changed_not_gold_rate: 0.25, changed_clean_rate: 0 } },
      ops: { W: 0, R: 1, M: 1, S_ne: 0, S_e: 2 },
    },
    llm: { cscd: { error: 'cscd: needs equal lengths' }, lemon: { correct: { p: 0.2, r: 0.3, f1: null } }, proofread: { error: 'x' } },
  },
  warnings: ['llm / cscd: needs equal lengths'],
};

describe('chart data', () => {
  test('families, P/R/F1 per system, nulls and refusals kept apart', () => {
    expect(availableFamilies(report).map((f) => f.id)).toEqual(['cscd-sc', 'cscd-sd', 'lemon-c']);
    const cscd = familyChart(report, METRIC_FAMILIES[0]!);
    expect(cscd.values).toEqual([[80, 40, 53.333], [null, null, null]]);
    expect(cscd.notes).toEqual([null, 'refused']);
    const lemon = familyChart(report, METRIC_FAMILIES.find((f) => f.id === 'lemon-c')!);
    expect(lemon.values[1]).toEqual([20, 30, null]);
    expect(f1Overview(report).values).toEqual([[53.333, null], [60, null], [33.3, null]]);
    expect(proofreadChart(report).values[0]).toEqual([50, null, 25, 0]);
    expect(opsShares(report)).toEqual({ systems: ['=bert'], counts: [[2, 0, 1, 1, 0]], totals: [4] });
  });

  test('bar geometry stays inside the plot; null bars have no height', () => {
    const layout = layoutGroupedBars(familyChart(report, METRIC_FAMILIES[0]!), { width: 600, height: 300 });
    expect(layout.bars).toHaveLength(6);
    for (const b of layout.bars) {
      expect(b.x).toBeGreaterThanOrEqual(layout.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(layout.plot.left + layout.plot.width);
      expect(b.y + b.height).toBeCloseTo(layout.plot.top + layout.plot.height);
    }
    expect(layout.bars.filter((b) => b.value === null).every((b) => b.height === 0)).toBe(true);
    expect(layout.bars[0]!.height).toBeCloseTo(0.8 * layout.plot.height);
  });
});

describe('exports', () => {
  test('JSON is the CLI text; CSV starts with a BOM and neutralises formulas', () => {
    expect(reportJson(report)).toBe(JSON.stringify(report, null, 2) + '\n');
    const csv = reportCsvFile(report);
    expect(csv.startsWith('\uFEFFprofile,metric,\'=bert,llm\r\n')).toBe(true);
  });

  test('per-sentence CSV: one line per sentence and system, cells neutralised', () => {
    const csv = sentencesCsv({
      rows: [{ id: 'a', source: '=1+1', references: ['=1+2'], line: 2 }],
      systems: [{ id: 's', name: 'sys', predictions: ['@SUM(A1)'], gcsc: null }],
    });
    expect(csv).toBe('\uFEFFid,system,category,verdict,gcsc_correct,unequal_length,source,reference,prediction\r\n' + "a,sys,error,changed_not_gold,,yes,'=1+1,'=1+2,'@SUM(A1)\r\n");
  });

  test('the HTML report is self-contained, escaped, with fingerprint and definitions', () => {
    const dataset = { name: '<b>set</b>' } as DatasetRecord;
    const run = { createdAt: 0 } as RunRecord;
    const html = htmlReport(report, dataset, run, new Date(0));
    expect(html).toContain('ab'.repeat(32));
    expect(html).toContain('&lt;b&gt;set&lt;/b&gt;');
    expect(html).not.toContain('<b>set</b>');
    expect(html).toContain('x&lt;y&gt;.tsv');
    expect(html).toContain('Metric definitions');
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
    expect(html).toContain('<svg');
    expect(barChartSvg(familyChart(report, METRIC_FAMILIES[0]!), '<t>')).toContain('aria-label="&lt;t&gt;"');
    expect(escapeHtml(`<&"'>`)).toBe('&lt;&amp;&quot;&#39;&gt;');
    expect(fileStem('a/b: c')).toBe('a_b_c');
  });
});
