import type { Judge, JudgeRequest, Judgement } from '../core/gcsc/judge.ts';
import { llmRequestBody, parseLlmVerdict } from '../core/gcsc/llm-prompt.ts';
import { UsageError } from './args.ts';
import { warn as warnLine } from './warn.ts';

/** How many unjudged answers are described on stderr; the rest are only counted (in the report). */
const DESCRIBED_UNJUDGED = 5;
/** A local server may load its model on the first request. */
const PROBE_TIMEOUT_MS = 120_000;

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

/** POSTs one chat request; a network failure or a redirect is a usage error (the whole run cannot be judged). */
async function post(url: string, body: object, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual', // never followed: it could forward the test set off this machine
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    throw new UsageError(`LLM judge: cannot reach ${url}: ${networkReason(err)}; start the server or fix --judge llm:URL`);
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    await response.body?.cancel();
    throw new UsageError(
      `LLM judge: ${url} answered HTTP ${response.status} redirecting to ${location ?? '(no Location header)'}; redirects are refused: give the endpoint's final URL`,
    );
  }
  return response;
}

function networkReason(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/**
 * One cheap request before any scoring: the endpoint must answer (with any 2xx), not redirect. Throws a
 * UsageError naming the URL and the reason otherwise.
 */
export async function probeLlmEndpoint(spec: string): Promise<void> {
  const { url, model } = splitSpec(spec);
  checkLlmUrl(url);
  const response = await post(url, llmRequestBody(model, '你好。', '你好。'), AbortSignal.timeout(PROBE_TIMEOUT_MS));
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).trim().replace(/\s+/g, ' ').slice(0, 120);
    throw new UsageError(
      `LLM judge: ${url} answered HTTP ${response.status} to a test request${text ? ` (${text})` : ''}; check the URL (…/v1/chat/completions) and the model name after #`,
    );
  }
  await response.body?.cancel();
}

/**
 * `llm:URL[#MODEL]`: an OpenAI-compatible endpoint (…/v1/chat/completions) on this machine. An answer that is not
 * a clean 1 or 0 (or an HTTP error for one request) marks that operation unjudged and the run goes on; an
 * unreachable or redirecting endpoint stops it with a usage error.
 */
export function createLlmJudge(spec: string, options: { warn?: (line: string) => void } = {}): Judge {
  const { url, model } = splitSpec(spec);
  checkLlmUrl(url);
  const parsed = new URL(url);
  const warn = options.warn ?? warnLine;
  let probe: Promise<void> | undefined;
  let unjudged = 0;
  const markUnjudged = (r: JudgeRequest, problem: string): Judgement => {
    unjudged++;
    if (unjudged <= DESCRIBED_UNJUDGED) warn(`LLM judge: ${problem} for id ${r.id} (${r.system}); the operation counts as unjudged`);
    if (unjudged === DESCRIBED_UNJUDGED) warn('LLM judge: further unjudged answers are only counted');
    return { correct: false, unjudged: true };
  };
  return {
    id: `llm:${parsed.origin}${parsed.pathname}#${model}`,
    textOnly: true,
    async judge(requests: readonly JudgeRequest[]) {
      await (probe ??= probeLlmEndpoint(spec));
      const answers: Judgement[] = [];
      for (const r of requests) {
        const response = await post(url, llmRequestBody(model, r.reference, r.rPro));
        if (!response.ok) {
          await response.body?.cancel();
          answers.push(markUnjudged(r, `HTTP ${response.status}`));
          continue;
        }
        let content: unknown;
        try {
          content = ((await response.json()) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
        } catch {
          answers.push(markUnjudged(r, 'an answer that is not JSON'));
          continue;
        }
        if (typeof content !== 'string') {
          answers.push(markUnjudged(r, 'an answer without choices[0].message.content'));
          continue;
        }
        try {
          answers.push({ correct: parseLlmVerdict(content) });
        } catch {
          answers.push(markUnjudged(r, `the answer ${JSON.stringify(content.trim().slice(0, 80))}, not 1 or 0,`));
        }
      }
      return answers;
    },
  };
}
