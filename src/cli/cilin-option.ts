/**
 * `eval --cilin FILE`: ChERRANT's data/cilin.txt (HIT Cilin, not shipped: licence unclear), read in its detected
 * encoding (ChERRANT's copy is GBK; --encoding FILE=NAME overrides), for the cherrant and cllm alignments.
 */
import path from 'node:path';
import { type Cilin, parseCilin } from '../core/align/cilin.ts';
import { decodeText } from '../core/io/decode.ts';
import { CHERRANT_PROFILES } from '../core/metrics/cherrant-options.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { loadInputFile, UsageError } from './args.ts';

export async function loadCilinOption(
  file: string | undefined,
  encoding: string | undefined,
  metrics: readonly string[] | undefined,
): Promise<Cilin | undefined> {
  if (file === undefined) return undefined;
  const profiles = metrics ?? DEFAULT_PROFILES.map((p) => p.name);
  if (!profiles.some((name) => CHERRANT_PROFILES.includes(name))) {
    throw new UsageError(`--cilin changes only the ${CHERRANT_PROFILES.join(' and ')} profiles; add one to --metrics or leave --cilin out`);
  }
  const input = await loadInputFile(file, encoding);
  // Errors name the path as given; the report, like its dataset, the file's name only.
  const cilin = parseCilin(decodeText(input.bytes, file, { encoding: input.encoding }).text, file);
  return { ...cilin, file: path.basename(file) };
}
