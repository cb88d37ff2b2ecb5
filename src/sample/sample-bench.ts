/**
 * The built-in sample as the site's first benchmark: its files read with the core readers, as `csc-studio site
 * add-dataset` reads the files it is given, and published with the same code (the build writes it into every
 * site's datasets/ folder; "Load the built-in sample" loads it from there).
 */
import type { PublishInput } from '../core/bench/publish.ts';
import { GCSC_PROFILE_NAMES } from '../core/gcsc/names.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { joinPredictions, readPredictions, readTestSet } from '../core/io/index.ts';
import { SAMPLE_NAME, sampleFiles } from './sample.ts';

const CONSTRUCTED = 'Made up for CSC Studio’s sample: not a real model (CSC Studio maintainers, 2026)';

export function sampleBenchInput(): PublishInput {
  const encoder = new TextEncoder();
  const [test, ...preds] = sampleFiles();
  const testSet = readTestSet({ name: test!.name, bytes: encoder.encode(test!.text) });
  return {
    name: SAMPLE_NAME,
    description: '64 short constructed sentences, 42 with one or two typos and 22 clean, with two made-up systems: a teaching example, not a benchmark.',
    licence: 'MIT (written for CSC Studio, like the rest of its code)',
    citation: 'CSC Studio maintainers (2026), built-in teaching sample',
    testSet,
    systems: preds.map((p) => ({
      name: p.system!,
      items: joinPredictions(testSet, readPredictions({ name: p.name, bytes: encoder.encode(p.text) }, {}, testSet)),
      citation: CONSTRUCTED,
    })),
    profiles: [...DEFAULT_PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES],
    judge: 'exact',
    metric: 'gcsc.S_C_f1',
  };
}
