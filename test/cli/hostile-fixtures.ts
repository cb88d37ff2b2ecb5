/** Scratch folders and constructed data for the hostile CLI suites (teaching sentences written for this project). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export const TEST_TSV = 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n';
export const PRED_TSV = 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\n';

/** A fresh folder holding test.tsv and pred.tsv; every folder made is removed after the file's tests. */
export function scratch(): (...parts: string[]) => string {
  const dir = mkdtempSync(path.join(tmpdir(), 'csc-hostile2-'));
  made.push(dir);
  const file = (...parts: string[]) => path.join(dir, ...parts);
  writeFileSync(file('test.tsv'), TEST_TSV);
  writeFileSync(file('pred.tsv'), PRED_TSV);
  return file;
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
