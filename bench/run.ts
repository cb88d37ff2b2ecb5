/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */
import { benchEvalCsc } from './eval-csc.ts';
import { benchGcsc } from './gcsc.ts';
import { benchResample } from './resample.ts';

benchEvalCsc();
benchResample();
await benchGcsc();
