import type { Judge, JudgeRequest } from '../core/gcsc/judge.ts';
import { llmRequestBody, parseLlmVerdict } from '../core/gcsc/llm-prompt.ts';
import { UsageError } from './args.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * `llm:URL[#MODEL]`: an OpenAI-compatible endpoint (…/v1/chat/completions) on this machine. Other hosts are
 * refused: the text of the test set must not leave the machine.
 */
export function createLlmJudge(spec: string): Judge {
  const [url, model = 'default'] = spec.split('#') as [string, string?];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--judge llm:${spec}: "${url}" is not a URL`);
  }
  if (!LOOPBACK.has(parsed.hostname)) throw new UsageError(`--judge llm:${spec}: only an endpoint on this machine (localhost) is allowed`);
  return {
    id: `llm:${parsed.origin}${parsed.pathname}#${model}`,
    textOnly: true,
    async judge(requests: readonly JudgeRequest[]) {
      const answers = [];
      for (const r of requests) {
        const response = await fetch(parsed, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(llmRequestBody(model, r.reference, r.rPro)) });
        if (!response.ok) throw new Error(`LLM judge: ${parsed.href} answered HTTP ${response.status}`);
        const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string') throw new Error(`LLM judge: ${parsed.href} sent no choices[0].message.content`);
        answers.push({ correct: parseLlmVerdict(content) });
      }
      return answers;
    },
  };
}
