/** Command-line flags: node's parseArgs with its errors turned into one-line usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The `values` parseArgs gives for these options in strict mode without positionals. */
export type FlagValues<O extends FlagOptions> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>>['values'];

/**
 * node's parseArgs in strict mode, with its ERR_PARSE_ARGS_* errors turned into one-line usage errors that list
 * the command's valid flags.
 */
export function parseFlags<const O extends FlagOptions>(command: string, argv: string[], options: O): FlagValues<O> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as FlagValues<O>;
  } catch (err) {
    const message = flagErrorMessage(command, argv, options, err);
    if (message === undefined) throw err;
    throw new UsageError(message);
  }
}

/** True for node's parseArgs errors (a bad command line, not a bug). */
export function isParseArgsError(err: unknown): err is Error & { code: string } {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** One line for a parseArgs error; `options` lists the valid flags when known. Undefined for other errors. */
export function flagErrorMessage(command: string, argv: readonly string[], options: FlagOptions | undefined, err: unknown): string | undefined {
  if (!isParseArgsError(err)) return undefined;
  const valid = options ? `; valid flags for ${command}: ${describeFlags(options)}` : `; \`csc-studio --help\` lists the flags of ${command}`;
  const flag = /^Option '(-{1,2}[^' ]+)/.exec(err.message)?.[1] ?? /option '(-{1,2}[^']+)'/i.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${flag ?? ''} for ${command}${valid}`.replace(/ {2,}/g, ' ');
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const arg = /argument '([^']*)'/.exec(err.message)?.[1];
    return `${command}: unexpected argument ${JSON.stringify(arg ?? '')} (every value follows its flag, as in --test FILE)${valid}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
    if (/ambiguous/.test(err.message)) {
      const value = argv[argv.indexOf(flag) + 1] ?? '';
      return `${flag} needs a value but is followed by ${JSON.stringify(value)}, which looks like a flag (write ${flag}=${value} if that is the value)${valid}`;
    }
    if (/does not take an argument/.test(err.message)) return `${flag} takes no value${valid}`;
    if (/argument missing/.test(err.message)) return `${flag} needs a value${valid}`;
  }
  return `${err.message.split('\n')[0]}${valid}`;
}

function describeFlags(options: FlagOptions): string {
  return Object.entries(options)
    .map(([name, o]) => `--${name}${o.type === 'string' ? ' VALUE' : ''}${o.multiple ? ' (repeatable)' : ''}`)
    .join(', ');
}
