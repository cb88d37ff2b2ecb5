import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmJudge } from '../../src/cli/llm-judge.ts';
import { LLM_INSTRUCTION, parseLlmVerdict } from '../../src/core/gcsc/llm-prompt.ts';

/** A stand-in OpenAI-compatible server: answers 1 when the two sentences are equal after removing 的, else 0. */
let server: Server;
let url = '';
const bodies: { model: string; temperature: number; messages: { content: string }[] }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data);
      bodies.push(body);
      const payload = JSON.parse(body.messages[0].content.split('\n').slice(1).join('\n'));
      const same = payload.sentences.sentence1.replaceAll('的', '') === payload.sentences.sentence2.replaceAll('的', '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { content: same ? '1' : '0' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (reference: string, rPro: string) => ({ reference, rPro, id: '1', system: 's', sourceSpan: [0, 1] as [number, number], referenceText: '', predictedText: '' });

describe('LLM judge (paper A.2)', () => {
  it('sends the paper’s prompt at temperature 0 and reads 1/0', async () => {
    const judge = createLlmJudge(`${url}#qwen`);
    const answers = await judge.judge([request('我的书', '我书'), request('我的书', '你的书')]);
    expect(answers.map((a) => a.correct)).toEqual([true, false]);
    expect(bodies[0]).toMatchObject({ model: 'qwen', temperature: 0 });
    const content = bodies[0]!.messages[0]!.content;
    expect(content.startsWith(LLM_INSTRUCTION)).toBe(true);
    expect(JSON.parse(content.slice(LLM_INSTRUCTION.length))).toEqual({ task: 'semantic_comparison', sentences: { sentence1: '我的书', sentence2: '我书' } });
  });

  it('refuses endpoints off this machine and answers other than 1/0', () => {
    expect(() => createLlmJudge('https://api.example.com/v1/chat/completions')).toThrow(/only an endpoint on this machine/);
    expect(parseLlmVerdict(' 1\n')).toBe(true);
    expect(() => parseLlmVerdict('是的，一致')).toThrow(/1 or 0 only/);
  });
});
