import { isRefusal, type Report } from '../report.ts';
import { flattenMetrics } from './flatten.ts';
import { toCsv } from './csv.ts';
import { visible } from '../visible.ts';
import { judgeCsvRows, judgeLine } from './judge-line.ts';

/** Rows of (profile, metric, one value per system), in profile then key order, for side-by-side tables. */
export function sideBySide(report: Report): { systems: string[]; rows: { profile: string; metric: string; values: (string | number | null)[] }[] } {
  const systems = Object.keys(report.systems);
  const rows: { profile: string; metric: string; values: (string | number | null)[] }[] = [];
  for (const profile of Object.keys(report.profiles)) {
    const keys: string[] = [];
    const bySystem = systems.map((name) => {
      const outcome = report.systems[name]?.[profile];
      const flat = new Map<string, string | number | null>();
      if (outcome && isRefusal(outcome)) flat.set('error', outcome.error);
      else if (outcome) for (const m of flattenMetrics(outcome)) flat.set(m.key, m.value);
      for (const k of flat.keys()) if (!keys.includes(k)) keys.push(k);
      return flat;
    });
    for (const key of keys) {
      rows.push({ profile, metric: key, values: bySystem.map((flat) => (flat.has(key) ? flat.get(key)! : null)) });
    }
  }
  return { systems, rows };
}

function mdEscape(text: string): string {
  return visible(text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll('\n', ' '));
}

function show(value: string | number | null): string {
  return value === null ? '—' : String(value);
}

export function reportToMarkdown(report: Report): string {
  const { systems, rows } = sideBySide(report);
  const lines = [
    `Dataset: ${mdEscape(report.dataset.file)} (${report.dataset.rows} rows, ${report.dataset.format}, ${report.dataset.encoding}), sha-256 ${report.dataset.fingerprint}`,
    `Profiles: ${Object.entries(report.profiles).map(([n, v]) => `${n} ${v}`).join(', ')}`,
    // The judge decides every Eval-GCSC number: named wherever they appear.
    ...(report.gcsc ? [mdEscape(judgeLine(report.gcsc)!)] : []),
    '',
    `| profile | metric | ${systems.map(mdEscape).join(' | ')} |`,
    `|---|---|${systems.map(() => '---:').join('|')}|`,
    // A refusal's full text (often a long row list) is in the warnings; the table only marks it.
    ...rows.map((r) => {
      const cells = r.metric === 'error' ? r.values.map((v) => (v === null ? '—' : 'refused (see warnings)')) : r.values.map(show);
      return `| ${r.profile} | ${mdEscape(r.metric)} | ${cells.map(mdEscape).join(' | ')} |`;
    }),
  ];
  if (report.warnings.length > 0) lines.push('', 'Warnings:', ...report.warnings.map((w) => `- ${mdEscape(w)}`));
  return lines.join('\n') + '\n';
}

export function reportToCsv(report: Report): string {
  const { systems, rows } = sideBySide(report);
  return toCsv([['profile', 'metric', ...systems.map(visible)], ...judgeCsvRows(report.gcsc, systems.length), ...rows.map((r) => [r.profile, r.metric, ...r.values])]);
}
