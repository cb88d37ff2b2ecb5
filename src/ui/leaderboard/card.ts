/**
 * The result card a visitor keeps or shares without a server: the leaderboard drawn as an SVG (also rasterised
 * to PNG by the page), and a JSON with what reproduces it: the benchmark's name and fingerprint, the profiles and
 * judge, the resampling settings, every number, the tool's version and the `csc-studio eval` command line.
 */
import type { BenchManifest } from '../../core/bench/manifest.ts';
import { atPFloor, formatPValue, type Leaderboard, type LeaderboardRow } from '../../core/compare/index.ts';
import type { GcscSection } from '../../core/report.ts';
import { TOOL_NAME, TOOL_VERSION } from '../../core/version.ts';
import type { RunJudge } from '../../db/types.ts';
import { formatPoints, pointsScale } from '../compare/compare-view.ts';
import { judgeText } from '../dashboard/judge-text.ts';
import { textLang } from '../bench/text-lang.ts';
import { judgeFacts } from '../../core/format/judge-line.ts';
import { t, type Strings } from '../shared/i18n/index.ts';

export interface CardInput {
  manifest: BenchManifest;
  board: Leaderboard;
  /** The run's judge, and its report's record of it (absent when Eval-CSC ran alone). */
  judge?: RunJudge;
  gcsc?: GcscSection;
  /** The visitor's prediction file's name, for the command line. */
  mineFile?: string;
}

/** `--judge …` as the CLI takes it for the run's judge: the site's model folders are the repository's. */
export function judgeArgs(judge: RunJudge | undefined): string[] {
  if (!judge) return [];
  const spec = judge.spec;
  if (spec.kind === 'exact') return ['--judge', 'exact'];
  if (spec.kind === 'labels') return ['--judge', `labels:${spec.source}`];
  if (spec.kind === 'llm') return ['--judge', spec.model ? `llm:${spec.url}#${spec.model}` : `llm:${spec.url}`];
  const site = spec.model.startsWith('site:') ? spec.model.slice('site:'.length) : null;
  const args = ['--judge', site ? `model:${site === 'default' ? 'default' : `models/${site}`}` : 'model:DIR'];
  if (judge.threshold !== undefined && judge.thresholdFrom !== 'manifest') args.push('--threshold', String(judge.threshold));
  if (spec.spelling !== undefined && spec.spelling !== (site === 'default')) args.push('--spelling-check', spec.spelling ? 'on' : 'off');
  return args;
}

/** A shell word: left bare when safe, else in single quotes. */
const word = (w: string) => (/^[\w./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The command that gives the card's numbers, run in the benchmark's folder with the visitor's file beside it. */
export function reproduceCommand(input: CardInput): string {
  const { manifest, board } = input;
  const args = ['--test', manifest.test];
  for (const row of board.rows) {
    const baseline = manifest.systems.find((s) => s.name === row.system);
    args.push('--pred', `${row.system}=${baseline ? baseline.file : (row.system === board.mine && input.mineFile) || `${row.system}.tsv`}`);
  }
  const gcsc = board.profile === 'gcsc';
  args.push('--metrics', gcsc ? 'gcsc' : board.profile, ...(gcsc ? judgeArgs(input.judge) : []));
  args.push('--ci', '--resamples', String(board.settings.resamples), '--seed', String(board.settings.seed));
  return [TOOL_NAME, 'eval', ...args].map(word).join(' ');
}

export function cardJson(input: CardInput): string {
  const { manifest, board } = input;
  const card = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    benchmark: { name: manifest.name, fingerprint: manifest.fingerprint, rows: manifest.rows, licence: manifest.licence, citation: manifest.citation },
    profiles: manifest.profiles,
    judge: input.gcsc ?? (input.judge ? { judge_kind: input.judge.spec.kind } : null),
    metric: { profile: board.profile, key: board.key },
    settings: board.settings,
    yours: board.mine,
    systems: board.rows.map((r) => {
      const baseline = manifest.systems.find((s) => s.name === r.system);
      return { ...r, baseline: baseline !== undefined, citation: baseline?.citation ?? null };
    }),
    reproduce: reproduceCommand(input),
  };
  return JSON.stringify(card, null, 2) + '\n';
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where a row stands against the visitor's system: by value, whichever way the metric ranks. */
export function markOf(row: LeaderboardRow): 'above' | 'below' | 'same' | null {
  const v = row.versus;
  if (!v || v.delta === null) return null;
  if (!v.significant) return 'same';
  // delta is yours minus this row's: negative means this row is higher.
  return v.delta < 0 ? 'above' : 'below';
}

export function pLabel(row: LeaderboardRow): string {
  const v = row.versus;
  if (!v) return '';
  return formatPValue(v.p_holm, atPFloor(v));
}

/** The leaderboard as a self-contained SVG (no external fonts or images), in the page's language. */
export function cardSvg(input: CardInput, metricLabel: string, s: Strings = t): string {
  const { manifest, board } = input;
  const scale = pointsScale(board.profile);
  const width = 1000;
  const rowH = 30;
  const top = 64;
  const barX = 250;
  const barW = 300;
  const markX = barX + barW + 150;
  const height = top + board.rows.length * rowH + 56;
  const x = (v: number) => barX + (Math.max(0, Math.min(100, v * scale)) / 100) * barW;
  const lines: string[] = [];
  lines.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13">`);
  lines.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  lines.push(`<text x="16" y="26" font-size="17" font-weight="600" fill="#1a1a1a">${escape(s.leaderboard.cardTitle(manifest.name, metricLabel))}</text>`);
  const judge = input.gcsc ? s.leaderboard.cardJudge(judgeText(judgeFacts(input.gcsc), s)) : '';
  // The fingerprint is for machines (the JSON carries it): described, not drawn.
  lines.push(`<desc>${escape(`${manifest.name}, sha-256 ${manifest.fingerprint}, ${TOOL_NAME} ${TOOL_VERSION}`)}</desc>`);
  lines.push(`<text x="16" y="46" fill="#555">${escape([s.bench.rows(manifest.rows), judge].filter(Boolean).join(' · '))}</text>`);
  board.rows.forEach((r, i) => {
    const y = top + i * rowH;
    const mine = r.system === board.mine;
    if (mine) lines.push(`<rect x="8" y="${y}" width="${width - 16}" height="${rowH}" fill="#eaf2fb"/>`);
    lines.push(`<text x="16" y="${y + 20}" fill="#1a1a1a">${r.rank ?? '–'}</text>`);
    const tag = mine ? ` (${s.leaderboard.yours})` : '';
    lines.push(`<text x="44" y="${y + 20}" fill="#1a1a1a"${mine ? ' font-weight="600"' : ''}>${escape(clip(r.system, 26) + tag)}</text>`);
    if (r.value === null) {
      lines.push(`<text x="${barX}" y="${y + 20}" fill="#777">${escape(s.leaderboard.unranked)}</text>`);
      return;
    }
    lines.push(`<rect x="${barX}" y="${y + 7}" width="${Math.max(1, x(r.value) - barX)}" height="${rowH - 14}" fill="${mine ? '#0b5cad' : '#8aa9c9'}"/>`);
    if (r.ci) {
      const [lo, hi] = [x(r.ci[0]), x(r.ci[1])];
      lines.push(`<path d="M${lo} ${y + 15}H${hi}M${lo} ${y + 9}V${y + 21}M${hi} ${y + 9}V${y + 21}" stroke="#1a1a1a" stroke-width="1.2" fill="none"/>`);
    }
    const value = `${formatPoints(r.value * scale)}${r.ci ? ` [${formatPoints(r.ci[0] * scale)}–${formatPoints(r.ci[1] * scale)}]` : ''}`;
    lines.push(`<text x="${barX + barW + 10}" y="${y + 20}" fill="#1a1a1a">${escape(value)}</text>`);
    const mark = markOf(r);
    if (mark && mark !== 'same') lines.push(`<text x="${markX}" y="${y + 20}" fill="#1a1a1a">${escape(`${mark === 'above' ? '▲' : '▼'} ${s.leaderboard.marks[mark]} (${pLabel(r).startsWith('≤') ? `p ${pLabel(r)}` : `p = ${pLabel(r)}`})`)}</text>`);
  });
  const foot = top + board.rows.length * rowH + 24;
  lines.push(`<text x="16" y="${foot}" fill="#555" font-size="11">${escape(s.leaderboard.cardSettings(board.settings.resamples, String(board.settings.seed)))}</text>`);
  lines.push(`<text x="16" y="${foot + 18}" fill="#555" font-size="11" lang="${textLang(manifest.citation)}">${escape(manifest.citation)}</text>`);
  lines.push('</svg>');
  return lines.join('\n') + '\n';
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
