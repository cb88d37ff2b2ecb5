// Unit tests call the aligner, profiles and error types directly, as the page does after main.ts loads these
// tables; evaluate()'s own loading is tested with fresh modules in test/core/core-data.test.ts.
import { loadCoreData } from '../../src/core/core-data.ts';

await loadCoreData();
