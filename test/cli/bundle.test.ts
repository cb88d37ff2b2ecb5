/**
 * The prebuilt CLI (vite.cli.config.ts): built into a scratch folder inside the repository (so its external
 * dependencies resolve from node_modules), it runs, starts without loading any dependency, and the bin only runs
 * it while no bundled source is newer.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const scratch = path.join(ROOT, 'tmp');
let work = '';
let out = '';

async function node(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return { code: 0, ...(await run(process.execPath, args)) };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** External packages a bundle file loads before running, following its static imports of other chunks. */
function staticExternals(file: string, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(file)) return found;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+(?:[^'"]*?from\s+)?["']([^"']+)["']/gm)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) staticExternals(path.resolve(path.dirname(file), spec), seen, found);
    else found.add(spec);
  }
  return found;
}
const chunk = (name: string) => path.join(out, 'chunks', readdirSync(path.join(out, 'chunks')).find((f) => f.startsWith(`${name}-`))!);

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  work = mkdtempSync(path.join(scratch, 'cli-bundle-'));
  out = path.join(work, 'cli');
  await build({ configFile: path.join(ROOT, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir: out } });
  writeFileSync(path.join(work, 'test.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n');
  writeFileSync(path.join(work, 'bert.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\nc1\t订单周三发出。\n');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the CLI bundle', { timeout: 60_000 }, () => {
  it('starts without loading any package: --version needs node built-ins only', () => {
    expect([...staticExternals(path.join(out, 'csc-studio.js'))].filter((s) => !s.startsWith('node:'))).toEqual([]);
  });

  it('loads no model runtime, tokenizer or segmenter for commands that do not need one', () => {
    const heavy = ['onnxruntime-node', '@huggingface/tokenizers', 'jieba-wasm'];
    for (const command of ['generate-command', 'judge-eval-command', 'eval-command']) {
      expect([...staticExternals(chunk(command))].filter((s) => heavy.includes(s)), command).toEqual([]);
    }
  });

  it('lists the sources it was built from', () => {
    const sources = JSON.parse(readFileSync(path.join(out, 'sources.json'), 'utf8')) as string[];
    expect(sources).toContain('src/cli/main.ts');
    expect(sources).toContain('src/core/version.ts');
    expect(sources.every((s) => !s.startsWith('/') && !s.includes('node_modules'))).toBe(true);
  });

  it('runs: --version, a scored eval, and a usage error', async () => {
    const entry = path.join(out, 'csc-studio.js');
    expect((await node(entry, '--version')).stdout).toBe('csc-studio 0.1.0\n');
    const r = await node(entry, 'eval', '--test', path.join(work, 'test.tsv'), '--pred', `bert=${path.join(work, 'bert.tsv')}`, '--metrics', 'cscd');
    expect(r.code).toBe(0);
    // bert fixes e1 of two error sentences and changes nothing else: S_C_p = 100, S_C_r = 50, F1 = 66.667.
    expect(JSON.parse(r.stdout).systems.bert.cscd).toMatchObject({ S_C_p: 100, S_C_r: 50, S_C_f1: 66.667 });
    const bad = await node(entry, 'generate', '--foo');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^csc-studio: unknown flag --foo for generate; valid flags for generate: --sentences VALUE/);
  });
});

describe('src/cli/bin.js (the package\'s bin)', { timeout: 60_000 }, () => {
  // A stand-in project: the real bin, a bundle and a source that each say which one ran.
  let fake = '';
  beforeAll(() => {
    fake = path.join(work, 'project');
    mkdirSync(path.join(fake, 'build/cli'), { recursive: true });
    mkdirSync(path.join(fake, 'src/cli'), { recursive: true });
    cpSync(path.join(ROOT, 'src/cli/bin.js'), path.join(fake, 'src/cli/bin.js'));
    writeFileSync(path.join(fake, 'src/cli/main.ts'), "process.stdout.write('source\\n');\n");
    writeFileSync(path.join(fake, 'build/cli/csc-studio.js'), "process.stdout.write('bundle\\n');\n");
    writeFileSync(path.join(fake, 'build/cli/sources.json'), '["src/cli/main.ts", "src/cli/deleted.ts"]\n');
  });
  const binOut = async () => (await node(path.join(fake, 'src/cli/bin.js'))).stdout;
  const age = (file: string, seconds: number) => utimesSync(path.join(fake, file), new Date(Date.now() + seconds * 1000), new Date(Date.now() + seconds * 1000));

  it('runs the bundle when no listed source is newer', async () => {
    age('src/cli/main.ts', -60);
    age('build/cli/csc-studio.js', 0);
    expect(await binOut()).toBe('bundle\n');
  });

  it('runs the sources through tsx when one is newer than the bundle', async () => {
    age('src/cli/main.ts', 60);
    expect(await binOut()).toBe('source\n');
  });

  it('runs the sources when there is no bundle', async () => {
    rmSync(path.join(fake, 'build'), { recursive: true });
    expect(await binOut()).toBe('source\n');
  });
});
