/**
 * Everything the app writes for download: the CLI's JSON report, its Markdown and CSV tables, the per-sentence
 * CSV, and a self-contained printable HTML report. CSV cells go through csvCell (formula injection neutralised)
 * and start with a BOM; every text in the HTML is escaped.
 */
import { UTF8_BOM, toCsv } from '../../core/format/csv.ts';
import { reportToCsv, reportToMarkdown, sideBySide } from '../../core/format/tables.ts';
import type { GcscSection, Report } from '../../core/report.ts';
import { describeJudge, judgeFacts } from '../../core/format/judge-line.ts';
import { LEXICAL_NOTE } from '../../platform/model-card.ts';
import { getLang } from '../shared/i18n/index.ts';
import { isLexicalJudge, judgeText, runJudgeFacts } from './judge-text.ts';
import type { DatasetRecord, RunRecord } from '../../db/types.ts';
import { t } from '../shared/i18n/index.ts';
import { f1Overview, formatNumber, layoutGroupedBars, layoutHorizontalBars, opsShares, OP_KINDS, PALETTE, proofreadChart, type SeriesData } from '../shared/charts.ts';
import { flagsFor, type ExplorerData } from '../explorer/explorer.ts';
import { compareToMarkdown } from '../../core/compare/markdown.ts';
import type { CompareReport, CompareView, IntervalView } from '../../workers/stats-compute.ts';
import { compareCsv } from '../compare/compare-view.ts';
import { tableInterval } from './intervals.ts';

/** Exactly what `csc-studio eval --format json` prints. */
export function reportJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** `csc-studio eval --format csv --output FILE`: BOM + the side-by-side table. */
export function reportCsvFile(report: Report): string {
  return UTF8_BOM + reportToCsv(report);
}

export function reportMarkdown(report: Report): string {
  return reportToMarkdown(report);
}

export const SENTENCE_CSV_COLUMNS = ['id', 'system', 'category', 'verdict', 'gcsc_correct', 'gcsc_judge', 'unequal_length', 'source', 'reference', 'prediction'] as const;

/**
 * One line per sentence and system: the explorer's view as a spreadsheet. `gcsc_judge` names the judge behind
 * gcsc_correct on every line (a column, so a filtered or pasted row still says who judged it); empty without Eval-GCSC.
 */
export function sentencesCsv(data: ExplorerData, gcsc?: GcscSection): string {
  const judge = gcsc ? describeJudge(judgeFacts(gcsc)) : '';
  const lines: (string | number | null)[][] = [[...SENTENCE_CSV_COLUMNS]];
  data.systems.forEach((system, s) => {
    const flags = flagsFor(data, s);
    data.rows.forEach((row, i) => {
      const f = flags[i]!;
      const reference = row.references[0] ?? '';
      lines.push([
        row.id,
        system.name,
        row.source === reference ? 'clean' : 'error',
        f.verdict,
        f.gcscCorrect === null ? '' : f.gcscCorrect ? 'yes' : 'no',
        f.gcscCorrect === null ? '' : judge,
        f.unequal ? 'yes' : 'no',
        row.source,
        reference,
        system.predictions[i] ?? '',
      ]);
    });
  });
  return UTF8_BOM + toCsv(lines);
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** A grouped bar chart as an SVG string (same geometry as the BarChart component). */
export function barChartSvg(data: SeriesData, title: string): string {
  const layout = layoutGroupedBars(data, { width: 720, height: 260 });
  const { plot } = layout;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height + 24}" role="img" aria-label="${escapeHtml(title)}">`);
  for (const tick of layout.ticks) {
    parts.push(`<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${tick.y}" y2="${tick.y}" stroke="#ddd"/>`);
    parts.push(`<text x="${plot.left - 6}" y="${tick.y + 4}" text-anchor="end" font-size="11">${tick.value}</text>`);
  }
  for (const bar of layout.bars) {
    const label = `${data.groups[bar.group]} · ${data.series[bar.series]}: ${formatNumber(bar.value)}`;
    parts.push(
      `<rect x="${bar.x.toFixed(1)}" y="${bar.y.toFixed(1)}" width="${bar.width.toFixed(1)}" height="${bar.height.toFixed(1)}" fill="${PALETTE[bar.series % PALETTE.length]}"><title>${escapeHtml(label)}</title></rect>`,
    );
    if (bar.value === null) parts.push(`<text x="${(bar.x + bar.width / 2).toFixed(1)}" y="${plot.top + plot.height - 4}" text-anchor="middle" font-size="10">n/a</text>`);
  }
  layout.groupCenters.forEach((x, g) => parts.push(`<text x="${x.toFixed(1)}" y="${plot.top + plot.height + 18}" text-anchor="middle" font-size="12">${escapeHtml(data.groups[g]!)}</text>`));
  let lx = plot.left;
  data.series.forEach((name, s) => {
    parts.push(`<rect x="${lx}" y="${layout.height + 8}" width="12" height="12" fill="${PALETTE[s % PALETTE.length]}"/>`);
    parts.push(`<text x="${lx + 16}" y="${layout.height + 18}" font-size="12">${escapeHtml(name)}</text>`);
    lx += 24 + name.length * 7;
  });
  parts.push('</svg>');
  return parts.join('');
}

/** Horizontal grouped bars as an SVG string (same geometry as the HBarChart component). */
export function hbarChartSvg(data: SeriesData, title: string): string {
  const layout = layoutHorizontalBars(data);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${escapeHtml(title)}">`];
  for (const tick of layout.ticks) {
    parts.push(`<line x1="${tick.x}" x2="${tick.x}" y1="12" y2="${layout.height}" stroke="#ddd"/><text x="${tick.x}" y="10" text-anchor="middle" font-size="11">${tick.value}</text>`);
  }
  for (const row of layout.rows) {
    parts.push(`<text x="${row.labelX}" y="${row.labelY}" text-anchor="${row.anchor}" font-size="13">${escapeHtml(data.groups[row.group]!)}</text>`);
  }
  for (const bar of layout.bars) {
    const label = `${data.groups[bar.group]} · ${data.series[bar.series]}: ${formatNumber(bar.value)}`;
    parts.push(
      `<rect x="${bar.x}" y="${bar.y}" width="${bar.width.toFixed(1)}" height="${bar.height}" fill="${PALETTE[bar.series % PALETTE.length]}"><title>${escapeHtml(label)}</title></rect>` +
        `<text x="${bar.labelX.toFixed(1)}" y="${bar.y + bar.height - 2}" font-size="11">${formatNumber(bar.value)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** The judge in words (kind, model, threshold and its source), the lexical baseline's note, and the counts. */
function judgeHtml(report: Report, run: RunRecord): string {
  const facts = runJudgeFacts(report.gcsc, run.judge);
  if (!report.gcsc || !facts) return '';
  const g = report.gcsc;
  const counts = `${t.dashboard.segmenter} ${g.segmenter} · ${g.operations} ${t.dashboard.operations} · ${g.judge_requests} ${t.dashboard.judged}`;
  const note = isLexicalJudge(facts) ? `<p class="lexical" data-lexical-note>${escapeHtml(getLang() === 'zh' ? LEXICAL_NOTE.zh : LEXICAL_NOTE.en)}</p>` : '';
  return `<dt>${escapeHtml(t.dashboard.judge)}</dt><dd data-judge>${escapeHtml(judgeText(facts))}<br><span class="note">${escapeHtml(counts)}</span>${note}</dd>`;
}

function legend(series: readonly string[]): string {
  return `<p class="legend">${series.map((s, i) => `<span><i style="background:${PALETTE[i % PALETTE.length]}"></i>${escapeHtml(s)}</span>`).join(' ')}</p>`;
}

function table(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td${i >= 2 ? ' class="num"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** A single HTML file: dataset and fingerprint, judge, charts, every number, warnings, metric definitions. */
export function htmlReport(report: Report, dataset: DatasetRecord, run: RunRecord, generatedAt = new Date()): string {
  const { systems, rows } = sideBySide(report);
  const h = t.htmlReport;
  const sections: string[] = [];
  sections.push(`<h1>${escapeHtml(h.title(dataset.name))}</h1>`);
  sections.push(
    `<dl><dt>${h.dataset}</dt><dd>${escapeHtml(`${report.dataset.file} · ${report.dataset.rows} rows · ${report.dataset.format} · ${report.dataset.encoding}`)}</dd>` +
      `<dt>${h.fingerprint}</dt><dd><code>${escapeHtml(report.dataset.fingerprint)}</code></dd>` +
      `<dt>${h.systems}</dt><dd>${escapeHtml(systems.join(', '))}</dd>` +
      `<dt>${h.tool}</dt><dd>${escapeHtml(`${report.tool.name} ${report.tool.version}`)}; ${escapeHtml(Object.entries(report.profiles).map(([n, v]) => `${n} ${v}`).join(', '))}</dd>` +
      judgeHtml(report, run) +
      `<dt>${h.generated}</dt><dd>${escapeHtml(generatedAt.toISOString())} (run of ${escapeHtml(new Date(run.createdAt).toISOString())})</dd></dl>`,
  );
  sections.push(`<h2>${h.charts}</h2>`);
  const overview = f1Overview(report);
  if (overview.groups.length > 0) {
    sections.push(`<figure>${legend(overview.series)}${hbarChartSvg(overview, h.overviewCaption)}<figcaption>${escapeHtml(h.overviewCaption)}</figcaption></figure>`);
  }
  const proofread = proofreadChart(report);
  // Legends show labels, not the report's keys.
  proofread.series = proofread.series.map((k) => t.dashboard.proofreadSeries[k] ?? k);
  sections.push(`<figure class="narrow">${barChartSvg(proofread, t.dashboard.proofread)}<figcaption>${escapeHtml(h.proofreadCaption)}</figcaption></figure>`);
  const ops = opsShares(report);
  if (ops) {
    sections.push(
      table(
        [h.system, ...OP_KINDS.map((k) => `${k} %`), h.edits],
        ops.systems.map((s, i) => [s, ...ops.counts[i]!.map((c) => (ops.totals[i] ? ((100 * c) / ops.totals[i]!).toFixed(1) : 'n/a')), String(ops.totals[i])]),
      ).replace('<table>', `<table class="ops"><caption>${escapeHtml(h.opsCaption)}</caption>`),
    );
  }
  sections.push(`<h2>${h.numbers}</h2>`);
  sections.push(
    table(
      [h.profile, h.metric, ...systems],
      rows.map((r) => [r.profile, r.metric, ...r.values.map((v) => (v === null ? '—' : r.metric === 'error' ? 'refused' : String(v)))]),
    ),
  );
  if (report.warnings.length > 0) sections.push(`<h2>${h.warnings}</h2><ul>${report.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>`);
  sections.push(`<h2>${h.definitions}</h2>`);
  sections.push(`<dl class="defs">${Object.keys(report.profiles).map((p) => `<dt>${escapeHtml(p)}</dt><dd>${escapeHtml(t.metricDocs[p] ?? '')}</dd>`).join('')}</dl>`);
  sections.push(`<p class="note">${escapeHtml(h.footer)}</p>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(h.title(dataset.name))}</title>
<style>
body{font:15px/1.5 system-ui,"Noto Sans CJK SC","Microsoft YaHei",sans-serif;max-width:1000px;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%;font-size:13px;margin:1rem 0}th,td{border:1px solid #ccc;padding:.2rem .4rem;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:1rem 0;break-inside:avoid}figure.narrow svg{max-width:640px}figcaption{font-size:.9rem;color:#444}svg{width:100%;max-width:860px;height:auto}.legend span{margin-right:1rem}.legend i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:middle}
code{word-break:break-all}.note{color:#555;font-size:.85rem}.lexical{border-left:4px solid #b26b00;background:#fff3dc;padding:.4rem .6rem;margin:.4rem 0}
@media print{body{margin:0;max-width:none}h2{break-after:avoid}}
</style></head><body>${sections.join('\n')}</body></html>
`;
}

// ------------------------------------------------------------------------------------------------ issue 12

/** The report with `interval_settings` and `intervals` (and `slices`), exactly where `eval --ci --slice` puts them. */
export function reportWithIntervals(report: Report, view: IntervalView | null): Report {
  if (!view) return report;
  const out: Record<string, unknown> = { ...report, interval_settings: { method: 'percentile bootstrap over sentences', ...view.settings }, intervals: view.intervals };
  if (view.slices) out['slices'] = view.slices;
  return out as unknown as Report;
}

/** One line per system × profile × ratio key: the interval's ends. */
export function intervalsCsv(view: IntervalView): string {
  const lines: (string | number | null)[][] = [['system', 'profile', 'key', 'low', 'high', 'resamples', 'seed', 'confidence']];
  const walk = (system: string, profile: string, node: unknown, prefix: string) => {
    if (node === null || Array.isArray(node)) {
      const iv = node as [number, number] | null;
      lines.push([system, profile, prefix, iv?.[0] ?? null, iv?.[1] ?? null, view.settings.resamples, String(view.settings.seed), view.settings.confidence]);
      return;
    }
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(system, profile, v, prefix ? `${prefix}.${k}` : k);
  };
  for (const [system, profiles] of Object.entries(view.intervals)) for (const [profile, tree] of Object.entries(profiles)) walk(system, profile, tree, '');
  return UTF8_BOM + toCsv(lines);
}

/** The Markdown tables, then the intervals as "[low–high]" in the same side-by-side layout. */
export function reportMarkdownWithIntervals(report: Report, view: IntervalView | null): string {
  const base = reportToMarkdown(report);
  if (!view) return base;
  const { systems, rows } = sideBySide(report);
  const lines = ['', `## ${Math.round(view.settings.confidence * 100)}% intervals (${view.settings.resamples} resamples, seed ${view.settings.seed})`, '', `| profile | metric | ${systems.join(' | ')} |`, `|---|---|${systems.map(() => '---|').join('')}`];
  for (const r of rows) {
    const cells = systems.map((s) => tableInterval(view, s, r.profile, r.metric));
    if (cells.some((c) => c !== '')) lines.push(`| ${r.profile} | ${r.metric} | ${cells.join(' | ')} |`);
  }
  return base.replace(/\n*$/, '\n') + lines.join('\n') + '\n';
}

/** `csc-studio compare --format json`, byte for byte. */
export function compareJson(report: CompareReport | CompareView): string {
  // The page's coded warnings are not part of the CLI's report.
  const { codedWarnings: _coded, ...cli } = report as CompareView;
  return JSON.stringify(cli, null, 2) + '\n';
}

/** `csc-studio compare --format md`. */
export function compareMarkdown(report: CompareReport): string {
  return compareToMarkdown(report.comparisons, report.sentence_sets, report.settings.confidence);
}

export { compareCsv };
