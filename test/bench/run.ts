/**
 * `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run.
 * `npm run bench -- NAME…` runs only the named ones (eval-csc, resample, gcsc, reference, encoders, large).
 */
import { benchEncoders } from './encoders.ts';
import { benchEvalCsc } from './eval-csc.ts';
import { benchLarge } from './large.ts';
import { benchGcsc } from './gcsc.ts';
import { benchReference } from './reference.ts';
import { benchResample } from './resample.ts';

const BENCHES: Record<string, () => unknown> = {
  'eval-csc': benchEvalCsc,
  resample: benchResample,
  gcsc: benchGcsc,
  reference: benchReference,
  encoders: benchEncoders,
  large: benchLarge,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((n) => !Object.hasOwn(BENCHES, n));
if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
for (const name of chosen.length > 0 ? chosen : Object.keys(BENCHES)) await BENCHES[name]!();
