import type { Judge, JudgeRequest, Judgement } from '../core/gcsc/judge.ts';
import { llmRequestBody, parseLlmVerdict } from '../core/gcsc/llm-prompt.ts';
import { AnswerFailure, exchange, TransientFailure } from './llm-transport.ts';
import { UsageError } from './args.ts';
import { warn as warnLine } from './warn.ts';

/** How many unjudged answers are described on stderr; the rest are only counted (in the report). */
const DESCRIBED_UNJUDGED = 5;
/** Every request's limit, probe included (a local server may load its model on the first): --llm-timeout. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;
/** Further tries of a request that timed out, could not connect or got a 5xx/429. */
const RETRIES = 2;
const RETRY_DELAY_MS = 250;
/** Operations in a row that failed every try: the endpoint is taken as gone and the rest are not asked. */
const GIVE_UP_AFTER = 3;

export interface LlmJudgeOptions {
  warn?: (line: string) => void;
  timeoutMs?: number;
  /** Tests shorten the pause between tries. */
  retryDelayMs?: number;
}

/**
 * The LLM judge's URL must point at this machine (http or https on 127.0.0.0/8, ::1 or localhost): the text of
 * the test set must not leave it. Throws a UsageError otherwise; call it before any work.
 */
export function checkLlmUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--judge llm:${url}: "${url}" is not a URL; give e.g. llm:http://127.0.0.1:8000/v1/chat/completions`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--judge llm:${url}: only http and https endpoints are allowed, not ${parsed.protocol}`);
  }
  if (!isLoopback(parsed.hostname)) {
    throw new UsageError(`--judge llm:${url}: only an endpoint on this machine (localhost, 127.0.0.0/8, ::1) is allowed, not ${parsed.hostname}`);
  }
}

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  // URL has already normalised IPv4 forms such as 127.1 or 0x7f.0.0.1 to dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function splitSpec(spec: string): { url: string; model: string } {
  const hash = spec.indexOf('#');
  return hash < 0 ? { url: spec, model: 'default' } : { url: spec.slice(0, hash), model: spec.slice(hash + 1) || 'default' };
}

/**
 * One cheap request before any scoring: the endpoint must answer (with any 2xx) within the timeout, not redirect.
 * Throws a UsageError naming the URL and the reason otherwise.
 */
export async function probeLlmEndpoint(spec: string, timeoutMs = DEFAULT_LLM_TIMEOUT_MS): Promise<void> {
  const { url, model } = splitSpec(spec);
  checkLlmUrl(url);
  let answer;
  try {
    answer = await exchange(url, llmRequestBody(model, '你好。', '你好。'), timeoutMs);
  } catch (err) {
    if (err instanceof TransientFailure && /^HTTP /.test(err.message)) answer = { status: Number(err.message.slice(5)), text: '' };
    else if (err instanceof TransientFailure || err instanceof AnswerFailure) {
      const more = err instanceof AnswerFailure ? '' : /^no complete answer/.test(err.message) ? ', or raise --llm-timeout' : '';
      throw new UsageError(`LLM judge: cannot reach ${url}: ${err.message}; start the server or fix --judge llm:URL${more}`);
    } else throw err;
  }
  if (answer.status < 200 || answer.status >= 300) {
    const text = answer.text.trim().replace(/\s+/g, ' ').slice(0, 120);
    throw new UsageError(
      `LLM judge: ${url} answered HTTP ${answer.status} to a test request${text ? ` (${text})` : ''}; check the URL (…/v1/chat/completions) and the model name after #`,
    );
  }
}

/** The verdict in a chat completion's text, or why there is none. */
function verdictOf(text: string): { correct: boolean } | { problem: string } {
  let content: unknown;
  try {
    content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    return { problem: 'an answer that is not JSON' };
  }
  if (typeof content !== 'string') return { problem: 'an answer without choices[0].message.content' };
  try {
    return { correct: parseLlmVerdict(content) };
  } catch {
    return { problem: `the answer ${JSON.stringify(content.trim().slice(0, 80))}, not 1 or 0,` };
  }
}

/**
 * `llm:URL[#MODEL]`: an OpenAI-compatible endpoint (…/v1/chat/completions) on this machine. Every request has a
 * timeout (--llm-timeout), an answer-size cap and at most RETRIES more tries; an answer that is not a clean 1 or 0,
 * or a request that failed every try, marks that operation unjudged and the run goes on. After GIVE_UP_AFTER
 * operations in a row fail every try, the rest are not asked: they count as unjudged, with one warning. A redirect
 * stops the run with a usage error.
 */
export function createLlmJudge(spec: string, options: LlmJudgeOptions = {}): Judge {
  const { url, model } = splitSpec(spec);
  checkLlmUrl(url);
  const parsed = new URL(url);
  const warn = options.warn ?? warnLine;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  let probe: Promise<void> | undefined;
  let unjudged = 0;
  let failedInARow = 0;
  let gaveUp = false;
  const markUnjudged = (r: JudgeRequest, problem: string): Judgement => {
    unjudged++;
    if (unjudged <= DESCRIBED_UNJUDGED) warn(`LLM judge: ${problem} for id ${r.id} (${r.system}); the operation counts as unjudged`);
    if (unjudged === DESCRIBED_UNJUDGED) warn('LLM judge: further unjudged answers are only counted');
    return { correct: false, unjudged: true };
  };
  /** The answer's text, or why there is none after every try (transient: the endpoint did not answer at all). */
  type Asked = { status: number; text: string } | { problem: string; transient: boolean };
  const ask = async (r: JudgeRequest): Promise<Asked> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await exchange(url, llmRequestBody(model, r.reference, r.rPro), timeoutMs);
      } catch (err) {
        if (err instanceof AnswerFailure) return { problem: err.message, transient: false };
        if (!(err instanceof TransientFailure)) throw err;
        if (attempt >= RETRIES) return { problem: `${err.message} (${attempt + 1} tries)`, transient: true };
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * (attempt + 1)));
      }
    }
  };
  return {
    id: `llm:${parsed.origin}${parsed.pathname}#${model}`,
    textOnly: true,
    async judge(requests: readonly JudgeRequest[]) {
      await (probe ??= probeLlmEndpoint(spec, timeoutMs));
      const answers: Judgement[] = [];
      for (const r of requests) {
        if (gaveUp) {
          unjudged++;
          answers.push({ correct: false, unjudged: true });
          continue;
        }
        const got = await ask(r);
        if ('problem' in got) {
          answers.push(markUnjudged(r, got.problem));
          if (got.transient && ++failedInARow >= GIVE_UP_AFTER) {
            gaveUp = true;
            warn(`LLM judge: ${GIVE_UP_AFTER} operations in a row got no answer; the endpoint is not asked again and every remaining operation counts as unjudged`);
          }
          continue;
        }
        failedInARow = 0;
        if (got.status < 200 || got.status >= 300) {
          answers.push(markUnjudged(r, `HTTP ${got.status}`));
          continue;
        }
        const verdict = verdictOf(got.text);
        answers.push('problem' in verdict ? markUnjudged(r, verdict.problem) : verdict);
      }
      return answers;
    },
  };
}
