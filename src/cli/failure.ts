/** How the CLI reports a failure: user errors in one line with exit 2; anything else is a bug, exit 3. */
import { ModelIntegrityError } from '../core/embed/manifest.ts';
import { InputError } from '../core/types.ts';
import { TOOL_NAME } from '../core/version.ts';
import { flagErrorMessage, isParseArgsError } from './flags.ts';
import { UsageError } from './usage-error.ts';
import { visibleLines } from '../core/visible.ts';

export interface Failure {
  code: 2 | 3;
  /** What goes to stderr, newline-terminated. */
  text: string;
}

export function describeFailure(err: unknown, command: string, argv: readonly string[]): Failure {
  if (err instanceof UsageError) return user(err.message);
  if (err instanceof InputError) {
    const n = err.issues.length;
    return n === 1 ? user(`invalid input: ${err.message}`) : user(`invalid input (${n} problems):\n${err.message}`);
  }
  // A command that calls parseArgs itself: the error still names the flag, just without the flag list.
  if (isParseArgsError(err)) return user(flagErrorMessage(command, argv, undefined, err)!);
  if (err instanceof ModelIntegrityError) return user(`${err.message}; fetch or copy the model folder again`);
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return { code: 3, text: `${TOOL_NAME}: internal error: this is a bug, please report it with the command line and this output.\n${detail}\n` };
}

function user(message: string): Failure {
  // Names, ids and paths in the message reach a terminal: shown, never obeyed (escapes) or hidden (zero-width).
  return { code: 2, text: `${TOOL_NAME}: ${visibleLines(message)}\n` };
}
