/** Whisker geometry for HBarChart's optional error bars: intervals on the chart's 0–100 value scale. */
import type { HBarLayout } from './charts.ts';

/** [low, high] per (group, series), or null; same shape as SeriesData.values. */
export type IntervalGrid = ([number, number] | null)[][];

/** Room to the right of the plot for the "[low–high]" text after each value. */
export const ERROR_LABEL_ROOM = 120;

type LaidBar = HBarLayout['bars'][number];

export interface Whisker {
  /** x of the low and high ends. */
  low: number;
  high: number;
  /** y of the horizontal stroke (the bar's middle). */
  mid: number;
  /** y span of the end caps (the bar's own height). */
  top: number;
  bottom: number;
}

/** x of a value on the plot, clamped to 0–100 like the bars themselves. */
export function plotX(layout: HBarLayout, v: number): number {
  return layout.labelWidth + (Math.max(0, Math.min(100, v)) / 100) * layout.plotWidth;
}

export function whisker(layout: HBarLayout, bar: LaidBar, iv: [number, number]): Whisker {
  return { low: plotX(layout, iv[0]), high: plotX(layout, iv[1]), mid: bar.y + bar.height / 2, top: bar.y, bottom: bar.y + bar.height };
}

/** Where the value text starts on a chart with error bars: past the bar and past its whisker. */
export function errorLabelX(layout: HBarLayout, bar: LaidBar, iv: [number, number] | null): number {
  return (iv ? Math.max(plotX(layout, iv[1]), bar.labelX) : bar.labelX) + 4;
}
