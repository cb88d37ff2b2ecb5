/**
 * The LLM judge against endpoints that misbehave after answering the probe (issue 24): one that hangs, one that
 * drips its answer, one that sends a huge body. Every request has a timeout (--llm-timeout) and an answer cap,
 * retries are bounded, the endpoint is given up after three operations in a row get no answer, and the run ends
 * with every unjudged operation counted and warned.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
// Five sentences, each corrected to a word that differs from the reference: five operations to judge.
const rows = [
  ['s1', '我们今天去公圆玩。', '我们今天去公园玩。', '我们今天去花园玩。'],
  ['s2', '他说这个问题很难解绝。', '他说这个问题很难解决。', '他说这个问题很难处理。'],
  ['s3', '请尽块回复。', '请尽快回复。', '请赶快回复。'],
  ['s4', '资料已近发出。', '资料已经发出。', '资料已然发出。'],
  ['s5', '订单周三法出。', '订单周三发出。', '订单周三寄出。'],
];
writeFileSync(file('t.tsv'), ['id\tsource\treference', ...rows.map((r) => r.slice(0, 3).join('\t'))].join('\n') + '\n');
writeFileSync(file('p.tsv'), ['id\tprediction', ...rows.map((r) => `${r[0]}\t${r[3]}`)].join('\n') + '\n');

const servers: Server[] = [];
const open = new Set<ServerResponse>();
/** A local endpoint that answers the probe ("你好。") with 1 and every operation with `operation`. */
async function endpoint(operation: (res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (body.includes('你好。')) {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ choices: [{ message: { content: '1' } }] }));
      }
      open.add(res);
      operation(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
}
afterAll(async () => {
  for (const res of open) res.destroy();
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const judgeWith = (url: string, ...more: string[]) => cli('eval', '--test', file('t.tsv'), '--pred', `sys=${file('p.tsv')}`, '--metrics', 'gcsc', '--judge', `llm:${url}`, ...more);
const unjudgedOf = (stdout: string) => (JSON.parse(stdout) as { gcsc: { unjudged?: Record<string, number>; operations: number } }).gcsc;

describe('LLM endpoints that misbehave after the probe', { timeout: 120_000 }, () => {
  it('one that hangs: each request times out, three tries each, then the endpoint is given up; all five counted', async () => {
    const url = await endpoint(() => {}); // never answers
    const started = Date.now();
    const r = await judgeWith(url, '--llm-timeout', '0.5');
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.stderr).toMatch(/warning: LLM judge: no complete answer within 0\.5 s \(3 tries\) for id s1 \(sys\); the operation counts as unjudged/);
    expect(r.stderr).toMatch(/warning: LLM judge: 3 operations in a row got no answer; the endpoint is not asked again and every remaining operation counts as unjudged/);
    expect(r.stderr).toMatch(/warning: sys \/ gcsc: 5 operations could not be judged and count as incorrect/);
    const gcsc = unjudgedOf(r.stdout);
    expect(gcsc.operations).toBe(5);
    expect(gcsc.unjudged).toEqual({ sys: 5 });
  });

  it('one that sends headers then drips its answer a byte at a time: the timeout covers the body', async () => {
    const url = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), 50);
    });
    const r = await judgeWith(url, '--llm-timeout', '0.4');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no complete answer within 0\.4 s \(3 tries\) for id s1/);
    expect(unjudgedOf(r.stdout).unjudged).toEqual({ sys: 5 });
  });

  it.each([
    ['declared', true],
    ['chunked, without a length', false],
  ])('one that sends a huge answer (%s): refused at the cap, not read into memory', async (_, declared) => {
    const size = 32 * 1024 * 1024;
    const url = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(size) } : {}) });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const r = await judgeWith(url, '--llm-timeout', '20');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(declared ? /an answer of 33,554,432 bytes, more than the 65,536 an answer may have for id s1/ : /an answer of more than 65,536 bytes, the most an answer may have for id s1/);
    // Not a failure to reach the endpoint: every operation is still asked, each counted.
    expect(r.stderr).not.toMatch(/not asked again/);
    expect(unjudgedOf(r.stdout).unjudged).toEqual({ sys: 5 });
  });

  it('--llm-timeout needs an LLM judge and a positive number of seconds', async () => {
    const url = await endpoint(() => {});
    const alone = await cli('eval', '--test', file('t.tsv'), '--pred', `sys=${file('p.tsv')}`, '--metrics', 'gcsc', '--judge', 'exact', '--llm-timeout', '5');
    expect(alone.stderr).toBe('csc-studio: --llm-timeout limits the requests of an LLM judge: use it with --judge llm:URL\n');
    for (const bad of ['0', '-1', 'soon', '']) {
      const r = await judgeWith(url, `--llm-timeout=${bad}`);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`csc-studio: --llm-timeout "${bad}": give seconds, more than 0 and at most 3600\n`);
    }
  });

  it('a probe that hangs is a usage error within the timeout, before any scoring', async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    const r = await judgeWith(url, '--llm-timeout', '0.5');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: LLM judge: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: no complete answer within 0\.5 s; start the server or fix --judge llm:URL, or raise --llm-timeout\n$/);
  });
});
