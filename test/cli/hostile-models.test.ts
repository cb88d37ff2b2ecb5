/**
 * Model folders whose files disagree about the embedding size (issue 24): manifest.json's dimension, config.json's
 * hidden_size and the graph. Each is exit 2 with the folder's usual one-line message, in judge-eval and in eval
 * (where the model loads on a thread), never an internal error.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dimensionProblem } from '../../src/core/embed/model-folder.ts';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
writeFileSync(file('pairs.tsv'), 'id\tlabel\tR\tR_prime\np1\t1\t我的书\t我书\np2\t0\t我的书\t你的书\n');
writeFileSync(file('p2.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经寄出。\nc1\t订单周三发出。\n');

/** A copy of a test model (graph: 32 dimensions) with manifest.json and config.json edited; the manifest's hashes follow the config. */
function model(name: string, from: 'tiny-bert-mean' | 'tiny-bert-cls', edit: { dimension?: number | null; hiddenSize?: number | null }): string {
  const dir = file(name);
  cpSync(fileURLToPath(new URL(`../../models/test/${from}`, import.meta.url)), dir, { recursive: true });
  const config = JSON.parse(readFileSync(`${dir}/config.json`, 'utf8')) as Record<string, unknown>;
  if (edit.hiddenSize === null) delete config['hidden_size'];
  else if (edit.hiddenSize !== undefined) config['hidden_size'] = edit.hiddenSize;
  const configText = JSON.stringify(config, null, 2);
  writeFileSync(`${dir}/config.json`, configText);
  const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as { dimension?: number; files: { path: string; sha256: string; size: number }[] };
  if (edit.dimension === null) delete manifest.dimension;
  else if (edit.dimension !== undefined) manifest.dimension = edit.dimension;
  const entry = manifest.files.find((f) => f.path === 'config.json')!;
  entry.sha256 = createHash('sha256').update(configText).digest('hex');
  entry.size = Buffer.byteLength(configText);
  writeFileSync(`${dir}/manifest.json`, JSON.stringify(manifest, null, 1));
  return dir;
}

describe('model folders that disagree about their dimension', { timeout: 120_000 }, () => {
  it.each<[string, () => string, RegExp]>([
    ['manifest dimension 64', () => model('m-dim', 'tiny-bert-mean', { dimension: 64 }), /manifest\.json says dimension 64$/],
    ['config hidden_size 48', () => model('m-hidden', 'tiny-bert-mean', { hiddenSize: 48 }), /config\.json says hidden_size 48$/],
    ['both say 16 (they agree with each other, not with the graph)', () => model('m-both', 'tiny-bert-cls', { dimension: 16, hiddenSize: 16 }), /manifest\.json says dimension 16 and config\.json says hidden_size 16$/],
    ['no manifest dimension, config hidden_size 31', () => model('m-config-only', 'tiny-bert-cls', { dimension: null, hiddenSize: 31 }), /config\.json says hidden_size 31$/],
  ])('%s: exit 2 naming the folder, in judge-eval and eval', async (_, make, detail) => {
    const dir = make();
    const message = new RegExp(`^csc-studio: model folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the model's graph gives 32-dimensional embeddings, but ${detail.source.replace(/\$$/, '')}; fetch or copy the model folder again\\n$`);
    const judged = await cli('judge-eval', '--pairs', file('pairs.tsv'), '--judge', `model:${dir}`);
    expect(judged.code).toBe(2);
    expect(judged.stderr).toMatch(message);
    const evaluated = await cli('eval', '--test', file('test.tsv'), '--pred', `s=${file('p2.tsv')}`, '--metrics', 'cscd,gcsc', '--judge', `model:${dir}`);
    expect(evaluated.code).toBe(2);
    expect(evaluated.stderr).toMatch(message);
  });

  it('a folder whose files agree still loads (no dimension anywhere: the graph decides)', async () => {
    const dir = model('m-none', 'tiny-bert-mean', { dimension: null, hiddenSize: null });
    const r = await cli('judge-eval', '--pairs', file('pairs.tsv'), '--judge', `model:${dir}`);
    expect(r.code).toBe(0);
  });

  it('the page and the CLI share the check', () => {
    expect(dimensionProblem({ manifest: { dimension: 32 } as never, config: { hidden_size: 32 } }, 32)).toBeNull();
    expect(dimensionProblem({ config: { hidden_size: 768 } }, 512)).toBe("the model's graph gives 512-dimensional embeddings, but config.json says hidden_size 768");
  });
});
