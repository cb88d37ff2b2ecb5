import { describe, expect, test } from 'vitest';
import { availableFamilies, f1Overview, familyChart, layoutGroupedBars, METRIC_FAMILIES, opsShares, proofreadChart } from '../../../src/ui/shared/charts.ts';
import { barChartSvg, escapeHtml, htmlReport, reportCsvFile, reportJson, reportMarkdownWithIntervals, sentencesCsv } from '../../../src/ui/dashboard/exports.ts';
import { setLang } from '../../../src/ui/shared/i18n/index.ts';
import { LEXICAL_NOTE } from '../../../src/platform/model-card.ts';
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
    // A missing bar says why: cscd refused llm; llm's lemon F1 is 0/0, not a refusal.
    expect(f1Overview(report).missing).toEqual([[null, 'refused'], [null, 'refused'], [null, 'undefined']]);
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
    expect(csv).toBe('\uFEFFid,system,category,verdict,gcsc_correct,gcsc_judge,unequal_length,source,reference,prediction\r\n' + "a,sys,error,changed_not_gold,,,yes,'=1+1,'=1+2,'@SUM(A1)\r\n");
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

describe('every export names the judge', () => {
  // The default lexical model judged with its manifest's threshold.
  const judged: Report = {
    ...report,
    gcsc: {
      judge: 'embedding:csc-studio-lexical-zh@0.8',
      segmenter: 'jieba-wasm',
      model: 'csc-studio-lexical-zh',
      threshold: 0.8,
      pooling: 'mean',
      operations: 12,
      judge_requests: 5,
      judge_kind: 'model',
      threshold_from: 'manifest',
    },
  };
  const described = "model csc-studio-lexical-zh, threshold 0.8 (the model manifest's recommendation)";
  const run = { createdAt: 0, judge: { spec: { kind: 'model', model: 'site:default' }, threshold: 0.8, thresholdFrom: 'manifest', modelName: 'csc-studio-lexical-zh' } } as RunRecord;

  test('JSON: the gcsc section has kind, model, threshold and its source', () => {
    expect(JSON.parse(reportJson(judged)).gcsc).toMatchObject({ judge_kind: 'model', model: 'csc-studio-lexical-zh', threshold: 0.8, threshold_from: 'manifest' });
  });

  test('CSV: judge rows at the top of the table, one value per system column', () => {
    const lines = reportCsvFile(judged).slice(1).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      "profile,metric,'=bert,llm",
      'judge,kind,model,model',
      'judge,model,csc-studio-lexical-zh,csc-studio-lexical-zh',
      'judge,threshold,0.8,0.8',
      'judge,threshold_from,manifest,manifest',
      `judge,description,"${described}","${described}"`,
    ]);
    // Eval-CSC only: no judge, no judge rows.
    expect(reportCsvFile(report)).not.toContain('judge,');
  });

  test('Markdown: a judge line under the profiles', () => {
    const md = reportMarkdownWithIntervals(judged, null);
    expect(md.split('\n')[2]).toBe(`Eval-GCSC judge: ${described}`);
    expect(reportMarkdownWithIntervals(report, null)).not.toContain('Eval-GCSC judge');
  });

  test('per-sentence CSV: the judge beside every Eval-GCSC verdict', () => {
    const csv = sentencesCsv(
      {
        rows: [
          { id: 'a', source: '他很高心', references: ['他很高兴'], line: 2 },
          { id: 'b', source: '今天好', references: ['今天好'], line: 3 },
        ],
        systems: [{ id: 's', name: 'sys', predictions: ['他很高兴', '今天好'], gcsc: [{ correct: true }, { correct: true }] as never }],
      },
      judged.gcsc,
    );
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toBe(`a,sys,error,corrected,yes,"${described}",no,他很高心,他很高兴,他很高兴`);
    expect(lines[2]).toBe(`b,sys,clean,kept_clean,yes,"${described}",no,今天好,今天好,今天好`);
  });

  test('HTML: the judge in words, and the lexical baseline note in the page language', () => {
    const dataset = { name: 'set' } as DatasetRecord;
    setLang('en');
    const html = htmlReport(judged, dataset, run, new Date(0));
    expect(html).toContain('model “csc-studio-lexical-zh” · threshold 0.8 (from the model&#39;s manifest)');
    expect(html).toContain(escapeHtml(LEXICAL_NOTE.en));
    setLang('zh');
    try {
      const zh = htmlReport(judged, dataset, run, new Date(0));
      expect(zh).toContain('模型“csc-studio-lexical-zh” · 阈值 0.8（来自模型清单）');
      expect(zh).toContain(LEXICAL_NOTE.zh);
    } finally {
      setLang('en');
    }
    // A neural model: no lexical note.
    const neural = htmlReport({ ...judged, gcsc: { ...judged.gcsc!, model: 'bge-small-zh-v1.5' } }, dataset, run, new Date(0));
    expect(neural).toContain('bge-small-zh-v1.5');
    expect(neural).not.toContain('data-lexical-note');
  });
});
