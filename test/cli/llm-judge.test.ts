import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { checkLlmUrl, createLlmJudge, probeLlmEndpoint } from '../../src/cli/llm-judge.ts';
import { LLM_INSTRUCTION, parseLlmVerdict } from '../../src/core/gcsc/llm-prompt.ts';

type Body = { model: string; temperature: number; messages: { content: string }[] };
type Handler = (body: Body, res: ServerResponse) => void;

/** Stand-in OpenAI-compatible servers on 127.0.0.1; each records the bodies it received. */
const servers: Server[] = [];
async function serve(handler: Handler): Promise<{ url: string; bodies: Body[] }> {
  const bodies: Body[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data) as Body;
      bodies.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, bodies };
}
const sentences = (body: Body) => JSON.parse(body.messages[0]!.content.split('\n').slice(1).join('\n')).sentences as { sentence1: string; sentence2: string };
const answer = (res: ServerResponse, content: unknown) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ choices: [{ message: { content } }] }));
};

/** Answers 1 when the two sentences are equal after removing 的, else 0. */
let plain: { url: string; bodies: Body[] };
beforeAll(async () => {
  plain = await serve((body, res) => {
    const s = sentences(body);
    answer(res, s.sentence1.replaceAll('的', '') === s.sentence2.replaceAll('的', '') ? '1' : '0');
  });
});
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

const request = (reference: string, rPro: string, id = '1') => ({ reference, rPro, id, system: 's', sourceSpan: [0, 1] as [number, number], referenceText: '', predictedText: '' });

describe('LLM judge (paper A.2)', () => {
  it('sends the paper’s prompt at temperature 0 and reads 1/0, after one probe request', async () => {
    const judge = createLlmJudge(`${plain.url}#qwen`);
    const answers = await judge.judge([request('我的书', '我书'), request('我的书', '你的书')]);
    expect(answers).toEqual([{ correct: true }, { correct: false }]);
    expect(plain.bodies).toHaveLength(3); // the probe, then one request per operation
    const first = plain.bodies[1]!;
    expect(first).toMatchObject({ model: 'qwen', temperature: 0 });
    const content = first.messages[0]!.content;
    expect(content.startsWith(LLM_INSTRUCTION)).toBe(true);
    expect(JSON.parse(content.slice(LLM_INSTRUCTION.length))).toEqual({ task: 'semantic_comparison', sentences: { sentence1: '我的书', sentence2: '我书' } });
    expect(parseLlmVerdict(' 1\n')).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:8000/v1/chat/completions', undefined],
    ['http://127.8.9.10/v1', undefined],
    ['http://127.1:8000/v1', undefined], // URL normalises it to 127.0.0.1
    ['https://localhost/v1', undefined],
    ['http://[::1]:8080/v1', undefined],
    ['https://api.example.com/v1/chat/completions', /only an endpoint on this machine .* not api\.example\.com/],
    ['http://128.0.0.1/v1', /not 128\.0\.0\.1/],
    ['http://127.0.0.1.example.com/v1', /not 127\.0\.0\.1\.example\.com/],
    ['http://localhost.evil.net/v1', /not localhost\.evil\.net/],
    ['http://[::ffff:8.8.8.8]/v1', /only an endpoint on this machine/],
    ['http://0.0.0.0:8000/v1', /not 0\.0\.0\.0/],
    ['file:///etc/passwd', /only http and https endpoints are allowed, not file:/],
    ['ftp://127.0.0.1/x', /only http and https/],
    ['not a url', /"not a url" is not a URL/],
  ])('checkLlmUrl(%s)', (url, refusal) => {
    if (refusal === undefined) expect(() => checkLlmUrl(url)).not.toThrow();
    else expect(() => checkLlmUrl(url)).toThrow(refusal);
  });

  it('refuses an endpoint off this machine when created', () => {
    expect(() => createLlmJudge('https://api.example.com/v1/chat/completions')).toThrow(UsageError);
  });

  it('marks answers other than a clean 1/0 unjudged, warns about them and goes on', async () => {
    const replies: unknown[] = ['1', '是的，一致', '0', ' 1\n', '10', '', 42];
    let i = 0;
    const server = await serve((body, res) => {
      if (sentences(body).sentence1 === '你好。') return answer(res, '1'); // the probe
      answer(res, replies[i++]);
    });
    const warnings: string[] = [];
    const judge = createLlmJudge(server.url, { warn: (w) => warnings.push(w) });
    const answers = await judge.judge(replies.map((_, k) => request('我的书', '我书', `r${k}`)));
    const U = { correct: false, unjudged: true };
    expect(answers).toEqual([{ correct: true }, U, { correct: false }, { correct: true }, U, U, U]);
    expect(warnings[0]).toBe('LLM judge: the answer "是的，一致", not 1 or 0, for id r1 (s); the operation counts as unjudged');
    expect(warnings[3]).toMatch(/without choices\[0\]\.message\.content for id r6/);
  });

  it('marks an HTTP error for one operation unjudged', async () => {
    const server = await serve((body, res) => {
      if (sentences(body).sentence2 === '坏') return void res.writeHead(500).end('overloaded');
      answer(res, '1');
    });
    const warnings: string[] = [];
    const answers = await createLlmJudge(server.url, { warn: (w) => warnings.push(w), retryDelayMs: 1 }).judge([request('好', '坏'), request('好', '好')]);
    expect(answers).toEqual([{ correct: false, unjudged: true }, { correct: true }]);
    // A 5xx is tried again (three tries in all) before the operation counts as unjudged.
    expect(warnings).toEqual(['LLM judge: HTTP 500 (3 tries) for id 1 (s); the operation counts as unjudged']);
    expect(server.bodies.filter((b) => sentences(b).sentence2 === '坏')).toHaveLength(3);
  });

  it('refuses a redirect without following it', async () => {
    const target = await serve((_, res) => answer(res, '1'));
    const server = await serve((_, res) => void res.writeHead(307, { location: 'https://api.example.com/v1/chat/completions' }).end());
    await expect(probeLlmEndpoint(server.url)).rejects.toThrow(/answered HTTP 307 redirecting to https:\/\/api\.example\.com\/v1\/chat\/completions; redirects are refused/);
    const local = await serve((_, res) => void res.writeHead(302, { location: target.url }).end());
    await expect(createLlmJudge(local.url).judge([request('a', 'b')])).rejects.toThrow(/HTTP 302 redirecting to http:\/\/127\.0\.0\.1/);
    expect(target.bodies).toHaveLength(0);
  });

  it('names the URL and the reason when the endpoint is unreachable or answers the probe with an error', async () => {
    const closed = await serve(() => {});
    const url = closed.url;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    await expect(probeLlmEndpoint(url)).rejects.toThrow(new RegExp(`cannot reach ${url.replace(/[.?]/g, '\\$&')}: ECONNREFUSED; start the server`));
    const missing = await serve((_, res) => void res.writeHead(404).end('model "x" not found'));
    await expect(probeLlmEndpoint(`${missing.url}#x`)).rejects.toThrow(/answered HTTP 404 to a test request \(model "x" not found\); check the URL/);
  });
});
