/**
 * `npm run models:fetch -- NAME [--base-url URL] [--out DIR] [--registry FILE]`: downloads a recommended model
 * (models/registry.json) from a Hugging Face-style hub (`BASE/REPO/resolve/main/PATH`), checks each file against
 * its pinned sha-256, and writes the folder with a manifest.json. Files land in a temporary folder that is
 * renamed into place only when everything verified, so a failed fetch leaves nothing half-written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flagErrorMessage } from './flags.ts';
import { UsageError } from './usage-error.ts';

interface RegistryEntry {
  repo: string;
  files: Record<string, string | null>;
  pooling: 'cls' | 'mean';
  threshold: number;
  licence: string;
  attribution: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_REGISTRY = path.resolve(here, '../../models/registry.json');
export const DEFAULT_BASE_URL = 'https://huggingface.co';

export class FetchModelError extends Error {}

export async function fetchModel(name: string, options: { baseUrl?: string; out?: string; registry?: string; log?: (line: string) => void } = {}): Promise<string> {
  const log = options.log ?? (() => {});
  const registry = JSON.parse(readFileSync(options.registry ?? DEFAULT_REGISTRY, 'utf8')) as { models: Record<string, RegistryEntry> };
  const entry = registry.models[name];
  if (!entry) throw new FetchModelError(`unknown model "${name}"; known: ${Object.keys(registry.models).join(', ')}`);
  const base = (options.baseUrl ?? process.env.CSC_MODEL_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/$/, '');
  const target = path.resolve(options.out ?? path.resolve(here, '../../models', name));
  if (existsSync(target)) throw new FetchModelError(`${target} exists already; remove it or choose --out`);
  const staging = `${target}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const files = [];
    for (const [file, pinned] of Object.entries(entry.files)) {
      const url = `${base}/${entry.repo}/resolve/main/${file}`;
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
        throw new FetchModelError(`cannot reach ${base} (${cause}): this machine looks offline. Put the model folder in models/ by hand instead (models/README.md).`);
      }
      if (!response.ok) throw new FetchModelError(`${url}: HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (pinned !== null && pinned !== sha256) throw new FetchModelError(`${file}: sha-256 ${sha256} differs from the pinned ${pinned}; nothing was written`);
      if (pinned === null) log(`warning: ${file} has no pinned sha-256; recorded ${sha256} (trust on first use)`);
      mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      writeFileSync(path.join(staging, file), bytes);
      files.push({ path: file, sha256, size: bytes.length });
      log(`${file}: ${bytes.length} bytes`);
    }
    const manifest = { name, pooling: entry.pooling, threshold: entry.threshold, maxLength: 512, files, licence: entry.licence, attribution: entry.attribution, source: `${entry.repo} via ${base}` };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    renameSync(staging, target);
    return target;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const options = { 'base-url': { type: 'string' }, out: { type: 'string' }, registry: { type: 'string' } } as const;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (err) {
    throw new UsageError(flagErrorMessage('models:fetch', argv, options, err) ?? String(err));
  }
  const { values, positionals } = parsed;
  const [name] = positionals;
  if (!name) {
    process.stderr.write('usage: npm run models:fetch -- NAME [--base-url URL] [--out DIR] [--registry FILE]\n');
    return 2;
  }
  try {
    const folder = await fetchModel(name, { baseUrl: values['base-url'], out: values.out, registry: values.registry, log: (l) => process.stderr.write(l + '\n') });
    process.stdout.write(`${folder}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof FetchModelError)) throw err;
    process.stderr.write(`models:fetch: ${err.message}\n`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  main(argv).then(
    (code) => (process.exitCode = code),
    async (err: unknown) => {
      // Bad flags are one line and exit 2; anything else is a bug, with its stack (as in the main CLI).
      const { describeFailure } = await import('./failure.ts');
      const failure = describeFailure(err, 'models:fetch', argv);
      process.stderr.write(failure.text);
      process.exitCode = failure.code;
    },
  );
}
