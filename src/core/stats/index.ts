/** The statistics of judge meta-evaluation: correlation, rater agreement, judge-vs-human metrics, calibration. */
export * from './agreement.ts';
export * from './calibration.ts';
export * from './common.ts';
export * from './correlation.ts';
export * from './judge-eval.ts';
export * from './random.ts';
