/**
 * Hostile command lines, end to end through the real binary: each case asserts the exit code, the specific
 * one-line message on stderr, and that no file was lost or half-written.
 */
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWith, type CliResult } from './run-cli.ts';

const MODEL = fileURLToPath(new URL('../../models/test/tiny-bert-mean', import.meta.url));

let dir = '';
const dirs: string[] = [];
const file = (...parts: string[]) => path.join(dir, ...parts);
const servers: Server[] = [];
const llm = { redirect: '', unjudged: '', closed: '', redirectTargetHits: 0 };

async function serve(handler: (content: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => handler((JSON.parse(data) as { messages: { content: string }[] }).messages[0]!.content, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
}
const answer = (res: ServerResponse, content: string) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ choices: [{ message: { content } }] }));
};

/** Every case gets its own folder of fixtures: a case that destroys a file cannot spoil the next one. */
function makeFixtures(): void {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-hostile-'));
  dirs.push(dir);
  // Constructed teaching examples: two sentences with one wrong character each, one clean sentence.
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n');
  writeFileSync(file('pred.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\n');
  // e2 changed to a word that differs from the reference: an operation the LLM judge must be asked about.
  writeFileSync(file('pred-llm.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经寄出。\nc1\t订单周三发出。\n');
  writeFileSync(file('short.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\n'); // c1 missing
  writeFileSync(file('prev.json'), '{"previous": true}\n');
  writeFileSync(file('pairs.tsv'), 'id\tlabel\tR\tR_prime\np1\t1\t我的书\t我书\np2\t0\t我的书\t你的书\n');
  writeFileSync(file('clean.txt'), Array.from({ length: 3000 }, (_, i) => `s${i}\t我在家做饭的时候心情很好，他在公司做的事情不少。`).join('\n') + '\n');
  writeFileSync(file('a-file.txt'), 'not a folder\n');
  mkdirSync(file('folder'));
  symlinkSync(file('pred.tsv'), file('pred-link.tsv'));
  // The model's graph with one byte flipped: manifest.json's sha-256 no longer matches.
  cpSync(MODEL, file('model'), { recursive: true });
  const onnx = readFileSync(file('model', 'onnx', 'model_quantized.onnx'));
  onnx[onnx.length >> 1]! ^= 0xff;
  writeFileSync(file('model', 'onnx', 'model_quantized.onnx'), onnx);
  // A previous generated set, then a generate run whose writes fail (per-process file size limit).
  mkdirSync(file('gen'));
  writeFileSync(file('gen', 'test.pe0.5.tsv'), 'previous set\n');
  // Sentences inside the output folder under a name generate writes.
  mkdirSync(file('gen-input'));
  writeFileSync(file('gen-input', 'confusion.txt'), '我在家做饭\n');
  writeFileSync(file('confusion.txt'), '在\t再\n做\t作坐\n');
}

beforeAll(async () => {
  llm.redirect = await serve((_, res) => void res.writeHead(307, { location: 'https://api.example.com/v1/chat/completions' }).end());
  // Answers the probe ("你好。") with 1, every operation with a sentence instead of 1/0.
  llm.unjudged = await serve((content, res) => answer(res, content.includes('你好。') ? '1' : '这两个句子的意思一致。'));
  llm.closed = await serve(() => {});
  await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Case {
  name: string;
  args: () => string[];
  code: number;
  /** The message on stderr (for exit 2 and 3 it is the first line). */
  stderr: RegExp;
  env?: Record<string, string>;
  shellPrefix?: string;
  /** Files that must be byte-identical after the run. */
  untouched?: () => string[];
  check?: (r: CliResult) => void;
}

const evalArgs = (...more: string[]) => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, ...more];
const genArgs = (...more: string[]) => ['generate', '--sentences', file('clean.txt'), '--pe', '0.5', '--confusion', 'phonetic', '--seed', '1', ...more];
const gcscWith = (url: () => string) => () => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred-llm.tsv')}`, '--metrics', 'gcsc', '--judge', `llm:${url()}`];
const noTempFiles = (folder: () => string) => () => expect(readdirSync(folder()).filter((f) => f.endsWith('.tmp'))).toEqual([]);

const cases: Case[] = [
  // Command lines
  { name: 'unknown command', args: () => ['frob'], code: 2, stderr: /^csc-studio: unknown command "frob"; use one of eval, generate, spanf1, judge-eval, compare, site, or --help$/ },
  { name: 'eval --foo lists eval’s flags', args: () => evalArgs('--foo'), code: 2, stderr: /^csc-studio: unknown flag --foo for eval; valid flags for eval: --test VALUE, --truth VALUE, --pred VALUE \(repeatable\), .*--by-type/ },
  {
    name: 'eval --pred -x=f',
    args: () => ['eval', '--test', file('test.tsv'), '--pred', '-x=f'],
    code: 2,
    stderr: /^csc-studio: --pred needs a value but is followed by "-x=f", which looks like a flag \(write --pred=-x=f if that is the value\); valid flags for eval: --test VALUE/,
  },
  { name: 'eval --metrics "" is not the defaults', args: () => evalArgs('--metrics', ''), code: 2, stderr: /--metrics/ },
  { name: 'generate --foo lists generate’s flags', args: () => genArgs('--foo'), code: 2, stderr: /^csc-studio: unknown flag --foo for generate; valid flags for generate: --sentences VALUE, --train-sentences VALUE, .*--out VALUE$/ },
  { name: 'generate --sentences -x', args: () => ['generate', '--sentences', '-x'], code: 2, stderr: /^csc-studio: --sentences needs a value but is followed by "-x", which looks like a flag/ },
  { name: 'a stray argument', args: () => [...genArgs('--out', file('g0')), 'extra'], code: 2, stderr: /^csc-studio: generate: unexpected argument "extra" \(every value follows its flag, as in --test FILE\); valid flags for generate:/ },
  { name: 'a value for a switch', args: () => ['judge-eval', '--pairs', file('pairs.tsv'), '--quantized=yes'], code: 2, stderr: /^csc-studio: --quantized takes no value; valid flags for judge-eval: --pairs VALUE, --typos VALUE, --encoding VALUE, --judge VALUE, --threshold VALUE, --spelling-check VALUE, --seed VALUE, --quantized, --graph VALUE, --threads VALUE, --embedding-cache VALUE$/ },
  { name: 'a flag without its value', args: () => ['judge-eval', '--pairs'], code: 2, stderr: /^csc-studio: --pairs needs a value; valid flags for judge-eval:/ },
  // Input files
  { name: 'a missing test file', args: () => ['eval', '--test', file('nope.tsv'), '--pred', file('pred.tsv')], code: 2, stderr: /^csc-studio: cannot read .*nope\.tsv: no such file or folder; check the path$/ },
  { name: 'a folder given as the test file', args: () => ['eval', '--test', file('folder'), '--pred', file('pred.tsv')], code: 2, stderr: /^csc-studio: cannot read .*folder: it is a folder, not a file; check the path$/ },
  { name: 'a folder given as the pairs file', args: () => ['judge-eval', '--pairs', file('folder')], code: 2, stderr: /^csc-studio: cannot read .*folder: it is a folder, not a file/ },
  { name: 'a missing sentences file', args: () => ['generate', '--sentences', file('nope.txt'), '--pe', '0.1', '--confusion', 'phonetic', '--seed', '1', '--out', file('g1')], code: 2, stderr: /^csc-studio: cannot read .*nope\.txt: no such file or folder/ },
  // Outputs
  {
    name: 'eval --output onto the test set',
    args: () => evalArgs('--metrics', 'cscd', '--output', file('test.tsv')),
    code: 2,
    stderr: /^csc-studio: refusing to write .*test\.tsv: it is the input file .*test\.tsv; choose another output file$/,
    untouched: () => [file('test.tsv')],
  },
  {
    name: 'eval --output onto a symbolic link to the predictions',
    args: () => evalArgs('--metrics', 'cscd', '--output', file('pred-link.tsv')),
    code: 2,
    stderr: /^csc-studio: refusing to write .*pred-link\.tsv: it is the input file .*pred\.tsv/,
    untouched: () => [file('pred.tsv')],
  },
  {
    name: 'eval --output into a missing folder',
    args: () => evalArgs('--metrics', 'cscd', '--output', file('no-such-folder', 'out.json')),
    code: 2,
    stderr: /^csc-studio: cannot write .*no-such-folder\/out\.json: no such file or folder in .*no-such-folder; choose a folder that exists and is writable$/,
    check: noTempFiles(() => dir),
  },
  {
    name: 'eval --output under a regular file (unwritable, even for root)',
    args: () => evalArgs('--metrics', 'cscd', '--output', file('a-file.txt', 'out.json')),
    code: 2,
    stderr: /^csc-studio: cannot write .*a-file\.txt\/out\.json: a part of the path is a file, not a folder/,
    untouched: () => [file('a-file.txt')],
  },
  {
    name: 'a failed run keeps the previous --output',
    args: () => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('short.tsv')}`, '--output', file('prev.json')],
    code: 2,
    stderr: /^csc-studio: invalid input: .*short\.tsv \(id c1\): no prediction for id "c1" \(.*test\.tsv line 4\)$/,
    untouched: () => [file('prev.json')],
  },
  { name: 'generate --out onto an existing file', args: () => genArgs('--out', file('a-file.txt')), code: 2, stderr: /^csc-studio: --out .*a-file\.txt is an existing file, not a folder; give a folder \(it is created when missing\)$/, untouched: () => [file('a-file.txt')] },
  { name: 'generate --out under a regular file', args: () => genArgs('--out', file('a-file.txt', 'sets')), code: 2, stderr: /^csc-studio: --out .*a-file\.txt\/sets: a part of the path is a file, not a folder; give a folder$/ },
  {
    name: 'generate never overwrites its input',
    args: () => ['generate', '--sentences', file('gen-input', 'confusion.txt'), '--pe', '0.5', '--confusion', 'phonetic', '--seed', '1', '--out', file('gen-input')],
    code: 2,
    stderr: /^csc-studio: refusing to write .*gen-input\/confusion\.txt: it is the input file/,
    untouched: () => [file('gen-input', 'confusion.txt')],
  },
  {
    name: 'a write that fails (file size limit) keeps the previous set and leaves no temporary file',
    args: () => ['generate', '--sentences', file('clean.txt'), '--pe', '0.5', '--confusion', file('confusion.txt'), '--seed', '1', '--out', file('gen')],
    shellPrefix: 'ulimit -f 64;', // 64 KiB per file; the generated set is larger
    code: 2,
    stderr: /^csc-studio: cannot write .*gen\/test\.pe0\.5\.tsv: the file is larger than this system allows; the previous .*test\.pe0\.5\.tsv is unchanged$/,
    untouched: () => [file('gen', 'test.pe0.5.tsv')],
    check: noTempFiles(() => file('gen')),
  },
  // The LLM judge
  {
    name: 'an LLM endpoint off this machine',
    args: () => evalArgs('--metrics', 'gcsc', '--judge', 'llm:https://api.example.com/v1/chat/completions#gpt-4'),
    code: 2,
    stderr: /^csc-studio: --judge llm:https:\/\/api\.example\.com\/v1\/chat\/completions: only an endpoint on this machine \(localhost, 127\.0\.0\.0\/8, ::1\) is allowed, not api\.example\.com$/,
  },
  { name: 'an unreachable LLM endpoint', args: gcscWith(() => llm.closed), code: 2, stderr: /^csc-studio: LLM judge: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED; start the server or fix --judge llm:URL$/ },
  {
    name: 'an unreachable LLM endpoint is found before any scoring, even with nothing to judge',
    args: () => evalArgs('--metrics', 'cscd,gcsc', '--judge', `llm:${llm.closed}`),
    code: 2,
    stderr: /^csc-studio: LLM judge: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED/,
  },
  {
    name: 'an LLM endpoint that redirects',
    args: gcscWith(() => llm.redirect),
    code: 2,
    stderr: /^csc-studio: LLM judge: http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered HTTP 307 redirecting to https:\/\/api\.example\.com\/v1\/chat\/completions; redirects are refused/,
  },
  {
    name: 'LLM answers other than 1/0 are counted as unjudged, and the run goes on',
    args: gcscWith(() => llm.unjudged),
    code: 0,
    stderr: /warning: LLM judge: the answer "这两个句子的意思一致。", not 1 or 0, for id e\d \(sys\); the operation counts as unjudged/,
    check: (r) => expect(r.stdout).toMatch(/unjudged/),
  },
  // Models
  {
    name: 'a corrupted model file',
    args: () => ['judge-eval', '--pairs', file('pairs.tsv'), '--judge', `model:${file('model')}`],
    code: 2,
    stderr: /^csc-studio: model folder .*model: model file "onnx\/model_quantized\.onnx" has sha-256 [0-9a-f]{64}; manifest\.json says [0-9a-f]{64}; fetch or copy the model folder again$/,
  },
  {
    // eval loads the model on a thread while it scores: its failure still ends the run with the same message.
    name: 'a corrupted model file, in eval',
    args: () => ['eval', '--test', file('test.tsv'), '--pred', `llm=${file('pred-llm.tsv')}`, '--metrics', 'cscd,gcsc', '--judge', `model:${file('model')}`],
    code: 2,
    stderr: /^csc-studio: model folder .*model: model file "onnx\/model_quantized\.onnx" has sha-256 [0-9a-f]{64}; manifest\.json says [0-9a-f]{64}; fetch or copy the model folder again$/,
  },
  { name: 'judge-eval with a judge that gives no scores', args: () => ['judge-eval', '--pairs', file('pairs.tsv'), '--judge', 'llm:http://127.0.0.1:8000/v1/chat/completions'], code: 2, stderr: /^csc-studio: --judge llm:.*: judge-eval needs a scoring judge: model:DIR, model:default or exact$/ },
  // Bugs
  { name: 'an internal error', args: () => ['--version'], env: { CSC_STUDIO_CRASH_TEST: '1' }, code: 3, stderr: /^csc-studio: internal error: this is a bug, please report it with the command line and this output\.\nError: crash requested by CSC_STUDIO_CRASH_TEST\n\s+at main/ },
];

describe('hostile command lines', { timeout: 120_000 }, () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    makeFixtures();
    const before = (c.untouched?.() ?? []).map((f) => [f, readFileSync(f)] as const);
    const r = await cliWith({ env: c.env, shellPrefix: c.shellPrefix }, ...c.args());
    expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: c.code });
    const lines = r.stderr.replace(/\n$/, '').split('\n');
    if (c.code === 2) {
      expect(lines.filter((l) => !l.startsWith('warning: '))).toHaveLength(1); // one line, no stack, no usage dump
      expect(lines.at(-1)).toMatch(c.stderr);
    } else expect(r.stderr).toMatch(c.stderr);
    for (const [f, bytes] of before) expect(readFileSync(f).equals(bytes), `${f} changed`).toBe(true);
    c.check?.(r);
  });

  it('refuses an output that is a hard link to an input', async () => {
    makeFixtures();
    linkSync(file('test.tsv'), file('hard.tsv'));
    const before = readFileSync(file('test.tsv'));
    const r = await cliWith({}, ...evalArgs('--metrics', 'cscd', '--output', file('hard.tsv')));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: refusing to write .*hard\.tsv: it is the input file .*test\.tsv; choose another output file\n$/);
    expect(readFileSync(file('test.tsv')).equals(before)).toBe(true);
  });
});
