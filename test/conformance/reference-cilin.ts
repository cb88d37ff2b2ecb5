/**
 * ChERRANT's own data/cilin.txt, for the with-Cilin conformance checks. Not shipped (licence unclear): these
 * checks run only when CSC_REFERENCE_SCRIPTS names a folder holding the fetched reference repositories
 * (HillZhang1999+MuCGEC/scorers/ChERRANT/data/cilin.txt inside it), and say so when they do not.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Cilin, parseCilin } from '../../src/core/align/cilin.ts';
import { decodeText } from '../../src/core/io/decode.ts';

export const CILIN_PATH = 'HillZhang1999+MuCGEC/scorers/ChERRANT/data/cilin.txt';

/** Why the with-Cilin checks cannot run, or null when they can. */
export function cilinMissing(): string | null {
  const dir = process.env.CSC_REFERENCE_SCRIPTS;
  if (!dir) return `needs ChERRANT's cilin.txt: set CSC_REFERENCE_SCRIPTS to a folder holding ${CILIN_PATH}`;
  // Set but wrong is a mistake, not a missing option: fail rather than skip.
  if (!existsSync(path.join(dir, CILIN_PATH))) throw new Error(`CSC_REFERENCE_SCRIPTS=${dir} holds no ${CILIN_PATH}`);
  return null;
}

let cached: Cilin | undefined;

/** ChERRANT's Cilin, read as the CLI reads --cilin (encoding detected: GBK). */
export function referenceCilin(): Cilin {
  if (!cached) {
    const file = path.join(process.env.CSC_REFERENCE_SCRIPTS!, CILIN_PATH);
    cached = parseCilin(decodeText(new Uint8Array(readFileSync(file)), file).text, 'cilin.txt');
  }
  return cached;
}

/** Printed once per suite that skips, so a run without the file says what it left out. */
export function reportCilinSkip(suite: string): void {
  const why = cilinMissing();
  if (why) console.warn(`SKIPPED ${suite} with ChERRANT's Cilin: ${why}`);
}
