/** Is the difference real? Intervals, paired tests, sentence sets and slices over per-sentence counts (docs/stats.md). */
export * from './bootstrap.ts';
export * from './count-table.ts';
export * from './eval-stats.ts';
export * from './run-tables.ts';
export * from './intervals.ts';
export * from './keys.ts';
export * from './nested.ts';
export * from './pairwise.ts';
export * from './randomization.ts';
export * from './sentence-sets.ts';
export * from './slice-report.ts';
export * from './markdown.ts';
export * from './compare-report.ts';
export * from './leaderboard.ts';
