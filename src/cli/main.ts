#!/usr/bin/env node
// Only the chosen command's module is loaded: `--version` and `--help` load nothing else.
import { TOOL_NAME, TOOL_VERSION } from '../core/version.ts';
import { describeFailure } from './failure.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage: ${TOOL_NAME} eval --test FILE [--truth FILE] --pred NAME=FILE [--pred NAME=FILE …]
                  [--metrics cscd,sighan,…] [--format json|md|csv] [--output FILE]
                  [--columns id=…,source=…,reference=…] [--pred-columns id=…,prediction=…]
                  [--test-format FMT] [--pred-format FMT] [--test-header yes|no] [--pred-header yes|no]
                  [--encoding NAME|FILE=NAME,…] [--match-by-line-order] [--by-type]
                  [--judge exact|model:DIR|model:default|labels:FILE|llm:URL[#MODEL]] [--threshold T] [--llm-timeout S]
                  [--spelling-check on|off] [--graph int8|fp32|onnx/FILE.onnx] [--threads N] [--embedding-cache DIR|off] [--quiet]
                  [--rows FILE] [--report FILE] [--ci [--resamples N] [--seed S] [--confidence C]]
                  [--slice length,errors,type,seen [--train FILE]] [--max-align-cells N]
                  [--to-simplified] [--to-halfwidth] [--ignore-punct] [--ignore-space] [--ignore-chars CHARS]
                  [--max-length N] [--ignore-unmatch-length] [--cilin FILE]
                  [--t2s opencc-1.1.2|opencc-python-reimplemented-0.1.7|opencc-current]
       ${TOOL_NAME} generate --sentences FILE --pe 0.05[,0.1,…] --confusion phonetic|graphic|both|FILE --seed N
                  [--split seen,unseenK,unseenV] [--train-sentences FILE] [--format tsv|jsonl] --out DIR
       ${TOOL_NAME} spanf1 --gold SPANS|--test FILE --pred [NAME=]FILE [--pred …] [--pred-kind auto|spans|text]
       ${TOOL_NAME} judge-eval --pairs FILE|--typos TESTSET [--judge model:DIR] [--threshold T] [--spelling-check on|off] [--seed N]
       ${TOOL_NAME} compare --test FILE --pred A=FILE --pred B=FILE [--pred …] [--metrics …] (docs/stats.md)
                  (and eval's judge flags with --metrics …,gcsc: --judge, --threshold, --graph, --threads, …)
       ${TOOL_NAME} site add-dataset --test FILE --pred NAME=FILE [--pred …] --licence TEXT --cite TEXT --out DIR
                  [--name NAME] [--description TEXT] [--pred-cite NAME=TEXT …] [--metrics …] [--judge exact|model:default|none]
                  [--metric PROFILE.KEY] (and eval's reading flags: --truth, --columns, --encoding, …)
       ${TOOL_NAME} --version

eval      score one or more systems on a test set with every requested metric profile
--truth   SIGHAN truth file; --test is then the SIGHAN input file "(pid=ID)<TAB>sentence"
--by-type add each system's error-type breakdown to the JSON report (docs/errortypes.md)
--rows    one JSON line per (system, sentence) with every profile's counts and verdict; sums to the report
--report  CSCD-NS's per-row report for one system
--graph   a model folder's graph: int8 (the default when the folder has one), fp32, or a file in the folder
--threads onnxruntime's threads for a model judge (default: every core); recorded in the report's run_environment
--embedding-cache  where a model's embeddings are kept between runs (default: the user's cache folder,
          e.g. ~/.cache/csc-studio/embeddings; CSC_STUDIO_CACHE moves it), or off
--quiet   no progress line (it is shown on stderr only while stderr is a terminal)
--cilin   ChERRANT's cilin.txt: cherrant and cllm then align with its thesaurus cost, as ChERRANT does (docs/metrics.md)
--t2s     the traditional-to-simplified conversion of --to-simplified, cherrant and cllm, instead of the one each
          script pins (simple-csc: opencc-python-reimplemented-0.1.7; ChERRANT: opencc-1.1.2); docs/metrics.md
--ci      paired bootstrap intervals for every ratio key (docs/stats.md)
generate  controlled test sets from clean sentences and a confusion set (docs/generate.md)
judge-eval  agreement of a scoring judge with human labels on (R, R′) pairs: AUC, Jaccard sweep, calibration
spanf1    character-level F1 of error spans, or of the spans of corrected sentences (docs/spanf1.md)
compare   every pair of systems: deltas with bootstrap intervals and paired significance tests (docs/stats.md)
site add-dataset  a benchmark a hosted page carries (test set, baselines, licence, citations) into DIR/NAME/ and DIR/index.json (docs/hosting.md)
Exit codes: 0 scored; 1 nothing could be scored; 2 invalid input or usage; 3 an internal error (a bug).`;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  eval: async () => (await import('./eval-command.ts')).runEval,
  generate: async () => (await import('./generate-command.ts')).runGenerate,
  spanf1: async () => (await import('./spanf1-command.ts')).runSpanF1,
  'judge-eval': async () => (await import('./judge-eval-command.ts')).runJudgeEval,
  compare: async () => (await import('./compare-command.ts')).runCompare,
  site: async () => (await import('./site-command.ts')).runSite,
};

async function main(argv: string[]): Promise<number> {
  // Lets the test suite check the internal-error path end to end.
  if (process.env['CSC_STUDIO_CRASH_TEST'] === '1') throw new Error('crash requested by CSC_STUDIO_CRASH_TEST');
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${TOOL_NAME} ${TOOL_VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? process.stderr : process.stdout).write(USAGE + '\n');
    return command === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  // `eval --help`: help after a command prints the usage, as before one.
  if (load && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (!load) throw new UsageError(`unknown command "${command}"; use one of ${Object.keys(COMMANDS).join(', ')}, or --help`);
  return (await load())(rest);
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const failure = describeFailure(err, argv[0] ?? '', argv.slice(1));
    process.stderr.write(failure.text);
    process.exitCode = failure.code;
  },
);
