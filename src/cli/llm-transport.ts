/**
 * One request to the LLM judge's endpoint with bounds on everything it can take: a timeout over the whole exchange
 * (connecting, waiting, and a body that drips), and a cap on the answer's size, read as it arrives.
 */
import { MAX_LLM_ANSWER_BYTES } from '../core/gcsc/llm-prompt.ts';
import { UsageError } from './usage-error.ts';

/** A request that failed for a reason worth another try (no answer in time, a refused connection, a 5xx or 429). */
export class TransientFailure extends Error {}
/** A request whose answer can never be read (too large): trying again gets the same. */
export class AnswerFailure extends Error {}

export interface Answer {
  status: number;
  text: string;
}

export async function exchange(url: string, body: object, timeoutMs: number, maxBytes = MAX_LLM_ANSWER_BYTES): Promise<Answer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual', // never followed: it could forward the test set off this machine
      signal,
    });
  } catch (err) {
    throw new TransientFailure(networkReason(err, timeoutMs));
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    await response.body?.cancel().catch(() => {});
    throw new UsageError(
      `LLM judge: ${url} answered HTTP ${response.status} redirecting to ${location ?? '(no Location header)'}; redirects are refused: give the endpoint's final URL`,
    );
  }
  const text = await readCapped(response, maxBytes, timeoutMs);
  if (response.status >= 500 || response.status === 429) throw new TransientFailure(`HTTP ${response.status}`);
  return { status: response.status, text };
}

async function readCapped(response: Response, maxBytes: number, timeoutMs: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerFailure(`an answer of ${declared.toLocaleString('en')} bytes, more than the ${maxBytes.toLocaleString('en')} an answer may have`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new AnswerFailure(`an answer of more than ${maxBytes.toLocaleString('en')} bytes, the most an answer may have`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AnswerFailure) throw err;
    throw new TransientFailure(networkReason(err, timeoutMs));
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function networkReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no complete answer within ${timeoutMs / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
