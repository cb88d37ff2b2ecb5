#!/usr/bin/env node
import { runEval } from './eval-command.ts';
import { runGenerate } from './generate-command.ts';
import { runJudgeEval } from './judge-eval-command.ts';
import { runSpanF1 } from './spanf1-command.ts';
import { UsageError } from './args.ts';
import { InputError } from '../core/types.ts';
import { TOOL_NAME, TOOL_VERSION } from '../core/version.ts';

const USAGE = `Usage: ${TOOL_NAME} eval --test FILE [--truth FILE] --pred NAME=FILE [--pred NAME=FILE …]
                  [--metrics cscd,sighan,…] [--format json|md|csv] [--output FILE]
                  [--columns id=…,source=…,reference=…] [--pred-columns id=…,prediction=…]
                  [--test-format FMT] [--pred-format FMT] [--match-by-line-order] [--by-type]
       ${TOOL_NAME} generate --sentences FILE --pe 0.05[,0.1,…] --confusion phonetic|graphic|both|FILE --seed N
                  [--split seen,unseenK,unseenV] [--train-sentences FILE] [--format tsv|jsonl] --out DIR
       ${TOOL_NAME} spanf1 --gold SPANS|--test FILE --pred [NAME=]FILE [--pred …] [--pred-kind auto|spans|text]
       ${TOOL_NAME} judge-eval --pairs FILE [--judge model:DIR] [--threshold T] [--seed N]
       ${TOOL_NAME} --version

eval      score one or more systems on a test set with every requested metric profile
--truth   SIGHAN truth file; --test is then the SIGHAN input file "(pid=ID)<TAB>sentence"
--by-type add each system's error-type breakdown to the JSON report (docs/errortypes.md)
generate  controlled test sets from clean sentences and a confusion set (docs/generate.md)
judge-eval  agreement of a scoring judge with human labels on (R, R′) pairs: AUC, Jaccard sweep, calibration
spanf1    character-level F1 of error spans, or of the spans of corrected sentences (docs/spanf1.md)
Exit codes: 0 scored; 1 nothing could be scored; 2 invalid input or usage.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${TOOL_NAME} ${TOOL_VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    return command === undefined ? 2 : 0;
  }
  if (command === 'eval') return runEval(rest);
  if (command === 'generate') return runGenerate(rest);
  if (command === 'spanf1') return runSpanF1(rest);
  if (command === 'judge-eval') return runJudgeEval(rest);
  throw new UsageError(`unknown command "${command}"`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${TOOL_NAME}: ${err.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (err instanceof InputError) {
      process.stderr.write(`${TOOL_NAME}: invalid input:\n${err.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`${TOOL_NAME}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 3;
    }
  },
);
