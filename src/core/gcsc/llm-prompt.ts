/**
 * The paper's GPT-4 judge prompt (A.2, Table 5): ask whether two sentences mean the same, answer 1 or 0 only.
 * Transport lives outside the core (CLI: fetch to a local OpenAI-compatible endpoint); this file builds the
 * request body and reads the verdict.
 */
export const LLM_INSTRUCTION = '比较以下两个句子的含义并判断它们是否一致，若一致输出1，若不一致输出0，只输出数字。';

export function llmPrompt(sentence1: string, sentence2: string): string {
  const payload = { task: 'semantic_comparison', sentences: { sentence1, sentence2 } };
  return `${LLM_INSTRUCTION}\n${JSON.stringify(payload, null, 2)}`;
}

/** An OpenAI-compatible chat completion request at temperature 0, as the paper ran GPT-4. */
export function llmRequestBody(model: string, reference: string, rPro: string): object {
  return { model, temperature: 0, messages: [{ role: 'user', content: llmPrompt(reference, rPro) }] };
}

/**
 * The most of an answer a judge reads: a chat completion that says 1 or 0 is a few hundred bytes, so anything near
 * this is no answer; reading on would let an endpoint fill memory.
 */
export const MAX_LLM_ANSWER_BYTES = 64 * 1024;

/** "1" → true, "0" → false; anything else is refused rather than guessed. */
export function parseLlmVerdict(answer: string): boolean {
  const text = answer.trim();
  if (text === '1') return true;
  if (text === '0') return false;
  throw new Error(`the LLM judge answered ${JSON.stringify(text.slice(0, 80))}; the prompt asks for 1 or 0 only`);
}
