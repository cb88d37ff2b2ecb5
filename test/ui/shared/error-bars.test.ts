import { describe, expect, test } from 'vitest';
import { layoutHorizontalBars } from '../../../src/ui/shared/charts.ts';
import { errorLabelX, plotX, whisker } from '../../../src/ui/shared/error-bars.ts';

// Width 760 (the default), labelWidth 290, so plotWidth = 760 - 290 - 60 = 410; bar height 14 - 2 = 12.
const layout = layoutHorizontalBars({ groups: ['F1'], series: ['A', 'B'], values: [[50, 10]], notes: [null] }, { labelWidth: 290 });
const [a, b] = layout.bars;

describe('error bar geometry', () => {
  test('plotX maps 0–100 onto the plot and clamps outside it', () => {
    expect(plotX(layout, 0)).toBe(290);
    expect(plotX(layout, 50)).toBe(495);
    expect(plotX(layout, 100)).toBe(700);
    expect(plotX(layout, -5)).toBe(290);
    expect(plotX(layout, 120)).toBe(700);
  });

  test('whisker spans the interval at the bar middle, caps as tall as the bar', () => {
    // Bar A: top = 18, height 12, so middle 24.
    expect(whisker(layout, a!, [40, 60])).toEqual({ low: 454, high: 536, mid: 24, top: 18, bottom: 30 });
  });

  test('value text starts past whichever ends later, the bar or the whisker', () => {
    // Bar A is 205 wide: labelX = 290 + 205 + 4 = 499; whisker high 536 is further right.
    expect(errorLabelX(layout, a!, [40, 60])).toBe(540);
    // Bar B is 41 wide: labelX = 335, past the whisker's high end (290 + 20.5 = 310.5).
    expect(errorLabelX(layout, b!, [0, 5])).toBe(339);
    expect(errorLabelX(layout, b!, null)).toBe(339);
  });
});
