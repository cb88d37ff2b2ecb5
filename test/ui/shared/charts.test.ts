import { describe, expect, test } from 'vitest';
import { fitText, HBAR_LABEL_FONT, layoutGroupedBars, layoutHorizontalBars, textWidth, type SeriesData } from '../../../src/ui/shared/charts.ts';

const overview: SeriesData = {
  groups: ['cscd · sentence correction', 'levenshtein · character correction', 'Eval-GCSC · 句子级纠正'],
  series: ['bert-like', 'llm-like'],
  values: [
    [100, 40],
    [62.5, null],
    [80, 75],
  ],
  notes: [null, null, null],
};

/** Where a label's text starts and ends, from its anchor. */
function extent(row: { labelX: number; anchor: 'start' | 'end' }, text: string): [number, number] {
  const w = textWidth(text, HBAR_LABEL_FONT);
  return row.anchor === 'end' ? [row.labelX - w, row.labelX] : [row.labelX, row.labelX + w];
}

describe('chart layout fits the width it is given', () => {
  test('text width: CJK a full em, Latin 0.6 em; cutting adds an ellipsis only when needed', () => {
    expect(textWidth('ab', 10)).toBe(12);
    expect(textWidth('句子', 10)).toBe(20);
    expect(fitText('short', 100, 10)).toBe('short');
    const cut = fitText('a rather long system name', 60, 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 10)).toBeLessThanOrEqual(60);
  });

  test('wide (1280×720 page): labels beside the bars, the plot takes most of the width', () => {
    const layout = layoutHorizontalBars(overview, { width: 1100 });
    expect(layout.rows.every((r) => r.anchor === 'end')).toBe(true);
    for (const r of layout.rows) {
      const [from] = extent(r, overview.groups[r.group]!);
      expect(from).toBeGreaterThanOrEqual(0);
    }
    expect(layout.plotWidth / layout.width).toBeGreaterThan(0.6);
    // A 100% bar and its value text end inside the SVG.
    const full = layout.bars.find((b) => b.value === 100)!;
    expect(full.labelX + textWidth('100.0', 11)).toBeLessThanOrEqual(layout.width);
  });

  test('phone (390 px): labels on their own line above the bars, nothing outside the SVG', () => {
    const width = 350;
    const layout = layoutHorizontalBars(overview, { width });
    expect(layout.rows.every((r) => r.anchor === 'start')).toBe(true);
    for (const r of layout.rows) {
      const [from, to] = extent(r, overview.groups[r.group]!);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(width);
      // The label line is above the group's first bar.
      expect(r.labelY).toBeLessThanOrEqual(r.y);
    }
    for (const b of layout.bars) expect(b.labelX + textWidth('100.0', 11)).toBeLessThanOrEqual(width);
    expect(layout.bars.filter((b) => b.group === 1).every((b) => b.y >= layout.rows[1]!.y)).toBe(true);
  });

  test('grouped bars stay in the plot at any width', () => {
    for (const width of [300, 720, 1200]) {
      const layout = layoutGroupedBars(overview, { width, height: 280 });
      for (const b of layout.bars) {
        expect(b.x).toBeGreaterThanOrEqual(layout.plot.left);
        expect(b.x + b.width).toBeLessThanOrEqual(layout.plot.left + layout.plot.width + 0.001);
      }
    }
  });
});
