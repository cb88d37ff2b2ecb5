/**
 * `csc-studio site add-dataset`: a benchmark for a hosted page (docs/hosting.md). The test set and the baselines
 * are read and joined exactly as `eval` reads them (eval-inputs.ts: every input rule applies), rewritten as UTF-8
 * files that read back the same (core/bench/publish.ts), and written with their manifest into DIR/NAME/, with
 * DIR/index.json listing every dataset in DIR; all files at once, or none.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_INDEX_FILE, BENCH_JUDGES, BENCH_MANIFEST_FILE, BENCH_NAME, benchIndex, parseBenchManifest, parseMetricName, type BenchJudge, type BenchManifest } from '../core/bench/manifest.ts';
import { manifestText, publishDataset, PublishError } from '../core/bench/publish.ts';
import { headlinePaths, leaves, pathName, ratioPaths, tablesFromRun, type KeyPath } from '../core/compare/index.ts';
import { evaluate } from '../core/evaluate.ts';
import { summarizeGcsc } from '../core/gcsc/metrics.ts';
import { GCSC_PROFILE, GCSC_PROFILE_NAMES } from '../core/gcsc/names.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { resolveProfiles, UnknownProfileError } from '../core/report.ts';
import { parseFlags, parseListArg, UsageError } from './args.ts';
import { INPUT_FLAGS, loadEvalInputs } from './eval-inputs.ts';
import { checkOutDir, makeOutDir } from './out-dir.ts';
import { writeOutputs, writeStdout, type Output } from './output.ts';
import { warn } from './warn.ts';

const FLAGS = {
  ...INPUT_FLAGS,
  name: { type: 'string' },
  description: { type: 'string' },
  licence: { type: 'string' },
  license: { type: 'string' },
  cite: { type: 'string' },
  'pred-cite': { type: 'string', multiple: true },
  metrics: { type: 'string' },
  judge: { type: 'string' },
  metric: { type: 'string' },
  out: { type: 'string' },
} as const;

export async function runSite(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'add-dataset') return addDataset(rest);
  throw new UsageError(sub === undefined ? 'site needs a subcommand: site add-dataset …' : `site: unknown subcommand "${sub}"; use site add-dataset`);
}

/** A required free-text flag: present and not blank. */
function required(value: string | undefined, flag: string, what: string): string {
  if (value === undefined) throw new UsageError(`${flag} is required: ${what}`);
  if (value.trim() === '') throw new UsageError(`${flag} is empty: ${what}`);
  return value.trim();
}

/** `--metrics` and `--judge`: the page's profiles (and Eval-GCSC's judge when gcsc or ops is named). */
function profilesAndJudge(metricsArg: string | undefined, judgeArg: string | undefined): { profiles: string[]; judge: BenchJudge | null } {
  const scored = DEFAULT_PROFILES.map((p) => p.name);
  const listed = parseListArg(metricsArg);
  if (listed !== undefined && listed.length === 0) throw new UsageError('--metrics names no profile; give a comma-separated list (e.g. cscd,gcsc) or leave it out for the defaults');
  const profiles = listed ?? [...scored, ...(judgeArg === 'none' ? [] : GCSC_PROFILE_NAMES)];
  try {
    resolveProfiles(profiles);
  } catch (err) {
    if (err instanceof UnknownProfileError) throw new UsageError(`--metrics: ${err.message}`);
    throw err;
  }
  const offPage = profiles.filter((p) => !scored.includes(p) && !GCSC_PROFILE_NAMES.includes(p));
  if (offPage.length > 0) throw new UsageError(`--metrics: the page's runs score ${[...scored, ...GCSC_PROFILE_NAMES].join(', ')}; ${offPage.join(', ')} ${offPage.length === 1 ? 'is' : 'are'} scored on request only`);
  if (new Set(profiles).size !== profiles.length) throw new UsageError('--metrics names a profile twice');
  const gcsc = profiles.some((p) => GCSC_PROFILE_NAMES.includes(p));
  if (judgeArg === undefined || judgeArg === 'none') {
    if (judgeArg === 'none' && gcsc) throw new UsageError('--judge none leaves Eval-GCSC out: take gcsc and ops out of --metrics too');
    return { profiles, judge: gcsc ? 'exact' : null };
  }
  if (!(BENCH_JUDGES as readonly string[]).includes(judgeArg)) {
    throw new UsageError(`--judge "${judgeArg}": a hosted benchmark is judged by ${BENCH_JUDGES.join(' or ')} (every visitor's page can run them), or none`);
  }
  if (!gcsc) throw new UsageError(`--judge ${judgeArg} judges Eval-GCSC: add gcsc to --metrics, or leave --judge out`);
  return { profiles, judge: judgeArg as BenchJudge };
}

/** The ratio keys a leaderboard can rank by, per profile, from the baselines' own scores. */
async function rankableKeys(inputs: Awaited<ReturnType<typeof loadEvalInputs>>, profiles: readonly string[]): Promise<Map<string, KeyPath[]>> {
  const csc = profiles.filter((p) => !GCSC_PROFILE_NAMES.includes(p));
  const keys = new Map<string, KeyPath[]>();
  if (csc.length > 0) {
    const run = await evaluate(inputs.dataset, inputs.systems, { profiles: csc });
    // A profile that refuses a baseline (unequal lengths…) says so: the page would show the same.
    for (const w of run.report.warnings) warn(w);
    for (const t of tablesFromRun(run)) for (const [profile, table] of Object.entries(t.tables)) if (!keys.has(profile)) keys.set(profile, ratioPaths(table));
  }
  // Eval-GCSC's keys do not depend on the data: its values with every count 0.
  if (profiles.includes(GCSC_PROFILE.name)) keys.set(GCSC_PROFILE.name, leaves(summarizeGcsc({}).values).filter(([p]) => p[0] !== 'counts').map(([p]) => p));
  return keys;
}

function chooseMetric(arg: string | undefined, profiles: readonly string[], keys: Map<string, KeyPath[]>): string {
  if (arg === undefined) {
    const profile = profiles.includes(GCSC_PROFILE.name) ? GCSC_PROFILE.name : profiles.find((p) => keys.has(p));
    const key = profile ? headlinePaths(keys.get(profile) ?? [])[0] : undefined;
    if (!profile || !key) throw new UsageError('no profile scored any baseline, so there is nothing to rank by; check the warnings, or give --metric PROFILE.KEY');
    return `${profile}.${pathName(key)}`;
  }
  const parsed = parseMetricName(arg);
  if (!parsed) throw new UsageError(`--metric "${arg}": write PROFILE.KEY, e.g. gcsc.S_C_f1 or cscd.S_C_f1`);
  if (!profiles.includes(parsed.profile)) throw new UsageError(`--metric "${arg}": ${parsed.profile} is not one of the --metrics (${profiles.join(', ')})`);
  const known = keys.get(parsed.profile)?.map(pathName);
  if (!known) throw new UsageError(`--metric "${arg}": ${parsed.profile} ${parsed.profile === 'ops' ? 'shares are not a ranking' : 'scored none of the baselines (see the warnings)'}; rank by another profile's key`);
  if (!known.includes(parsed.key)) throw new UsageError(`--metric "${arg}": ${parsed.profile} has no ratio key "${parsed.key}"; its ratio keys are ${known.join(', ')}`);
  return arg;
}

/** `--pred-cite NAME=TEXT`: each names a baseline, once. */
function citations(args: readonly string[], systems: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const name = arg.slice(0, Math.max(eq, 0));
    const text = arg.slice(eq + 1).trim();
    if (eq <= 0 || text === '') throw new UsageError(`--pred-cite "${arg}": write --pred-cite NAME=CITATION (author and year), NAME as in --pred`);
    if (!systems.includes(name)) throw new UsageError(`--pred-cite "${arg}": no --pred is named "${name}" (the baselines are ${systems.join(', ')})`);
    if (out.has(name)) throw new UsageError(`--pred-cite names ${name} twice`);
    out.set(name, text);
  }
  return out;
}

/** Every dataset folder of DIR with a readable manifest (the index lists them); others are named and left out. */
async function datasetsIn(dir: string, skip: string): Promise<BenchManifest[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: BenchManifest[] = [];
  for (const name of names.sort()) {
    if (name === skip) continue;
    const file = path.join(dir, name, BENCH_MANIFEST_FILE);
    if (!(await stat(path.join(dir, name)).then((s) => s.isDirectory(), () => false))) continue;
    try {
      const manifest = parseBenchManifest(JSON.parse(await readFile(file, 'utf8')), file);
      if (manifest.name !== name) throw new Error(`${file}: its name "${manifest.name}" is not its folder's`);
      out.push(manifest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      warn(`${err instanceof SyntaxError ? `${file}: ${err.message}` : (err as Error).message}; left out of ${BENCH_INDEX_FILE}`);
    }
  }
  return out;
}

async function addDataset(argv: string[]): Promise<number> {
  const values = parseFlags('site add-dataset', argv, FLAGS);
  if (!values.test) throw new UsageError('--test FILE is required: the benchmark\'s test set');
  if (!values.pred || values.pred.length === 0) throw new UsageError('at least one --pred NAME=FILE is required: the baselines visitors are ranked against');
  if (values.licence !== undefined && values.license !== undefined) throw new UsageError('--licence and --license are one flag: give it once');
  const licence = required(values.licence ?? values.license, '--licence', 'the terms the data may be shared under (publish only data whose licence allows it; docs/hosting.md)');
  const citation = required(values.cite, '--cite', 'how to cite the dataset, with its authors and year');
  if (!values.out) throw new UsageError('--out DIR is required: the site\'s datasets folder (datasets/ next to models/ in the repository)');
  const name = values.name ?? path.basename(values.test).replace(/\.[^.]+$/, '');
  if (!BENCH_NAME.test(name)) throw new UsageError(`${values.name === undefined ? `the name taken from --test, "${name}",` : `--name "${name}"`} is not a folder name a site can serve: use letters, digits, '.', '_' and '-' (at most 64, starting with a letter or digit)${values.name === undefined ? '; give --name' : ''}`);
  const description = values.description === undefined ? undefined : required(values.description, '--description', 'what the benchmark is');
  const { profiles, judge } = profilesAndJudge(values.metrics, values.judge);
  await checkOutDir(values.out);
  const folder = path.join(values.out, name);
  if (await stat(folder).then(() => true, () => false)) {
    throw new UsageError(`--out ${values.out} already holds ${name} (${folder}); choose another --name, or remove that folder to publish it again`);
  }

  const inputs = await loadEvalInputs(values);
  if (inputs.warnings.length > 0) throw new UsageError(`not published: ${inputs.warnings[0]}${inputs.warnings.length > 1 ? ` (and ${inputs.warnings.length - 1} more)` : ''}; a benchmark's files must read cleanly`);
  const cites = citations(values['pred-cite'] ?? [], inputs.systems.map((s) => s.name));
  const metric = chooseMetric(values.metric, profiles, await rankableKeys(inputs, profiles));
  let published;
  try {
    published = publishDataset({
      name,
      description: description ?? `${inputs.testSet.rows.length} sentences from ${path.basename(values.test)}, with ${inputs.systems.length} baseline system${inputs.systems.length === 1 ? '' : 's'}`,
      licence,
      citation,
      testSet: inputs.testSet,
      systems: inputs.systems.map((s) => ({ name: s.name, items: s.items, citation: cites.get(s.name) ?? null })),
      profiles,
      judge,
      metric,
    });
  } catch (err) {
    if (err instanceof PublishError) throw new UsageError(err.message);
    throw err;
  }
  const { manifest, files } = published;
  const others = await datasetsIn(values.out, name);
  const outputs: Output[] = [
    ...files.map((f) => ({ file: path.join(folder, ...f.path.split('/')), text: new TextDecoder().decode(f.bytes) })),
    { file: path.join(folder, BENCH_MANIFEST_FILE), text: manifestText(manifest) },
    { file: path.join(values.out, BENCH_INDEX_FILE), text: JSON.stringify(benchIndex([...others, manifest].sort((a, b) => (a.name < b.name ? -1 : 1))), null, 1) + '\n' },
  ];
  await makeOutDir(path.join(folder, 'systems'));
  try {
    await writeOutputs(outputs, inputs.inputs);
  } catch (err) {
    // Nothing of this dataset stays behind: its folder was made by this run (it did not exist before).
    await rm(folder, { recursive: true, force: true });
    throw err;
  }
  const bytes = manifest.files.reduce((s, f) => s + f.size, 0);
  await writeStdout(
    `${folder}: ${manifest.rows} sentences and ${manifest.systems.length} baseline${manifest.systems.length === 1 ? '' : 's'} (${manifest.files.length} files, ${bytes.toLocaleString('en')} bytes), ranked by ${manifest.metric}; fingerprint ${manifest.fingerprint}\n` +
      `${path.join(values.out, BENCH_INDEX_FILE)}: ${others.length + 1} dataset${others.length === 0 ? '' : 's'}\n`,
  );
  return 0;
}
