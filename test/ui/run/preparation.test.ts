import { describe, expect, it } from 'vitest';
import type { RunJudge } from '../../../src/db/types.ts';
import { Preparation, PREPARE_SETTING_KEY } from '../../../src/ui/run/preparation.svelte.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

/** A runner whose prepare calls wait until the test settles them, in any order. */
function controlledRunner() {
  const calls: { judge: RunJudge; resolve: () => void; reject: (e: Error) => void }[] = [];
  const prepare = (judge: RunJudge) => new Promise<void>((resolve, reject) => calls.push({ judge, resolve, reject }));
  return { calls, runner: { prepare } };
}

const model = (id: string): RunJudge => ({ spec: { kind: 'model', model: id } });

describe('Preparation (the model loaded before Start)', () => {
  it('loads a model once: loading, then ready; asking again while loading or loaded starts nothing', async () => {
    const { calls, runner } = controlledRunner();
    const prep = new Preparation(runner, memoryStorage());
    const first = prep.prepare(model('site:default'));
    expect(prep.current).toMatchObject({ model: 'site:default', state: 'loading' });
    void prep.prepare(model('site:default'));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await first;
    expect(prep.current).toMatchObject({ model: 'site:default', state: 'ready' });
    await prep.prepare(model('site:default'));
    expect(calls).toHaveLength(1);
    // Exact match and human labels need only jieba: model null.
    void prep.prepare({ spec: { kind: 'exact' } });
    expect(calls.at(-1)!.judge).toEqual({ spec: { kind: 'exact' } });
    expect(prep.current).toEqual({ model: null, key: null, state: 'loading' });
  });

  it('loads the model again when its graph or the load settings (threads) change', async () => {
    const { calls, runner } = controlledRunner();
    const prep = new Preparation(runner, memoryStorage());
    const settled = async (p: Promise<void>) => {
      calls.at(-1)!.resolve();
      await p;
    };
    await settled(prep.prepare(model('site:m'), 'auto'));
    await prep.prepare(model('site:m'), 'auto');
    expect(calls).toHaveLength(1);
    await settled(prep.prepare({ ...model('site:m'), graph: 'fp32' }, 'auto'));
    expect(calls).toHaveLength(2);
    await settled(prep.prepare({ ...model('site:m'), graph: 'fp32' }, '1'));
    expect(calls).toHaveLength(3);
    expect(prep.current).toMatchObject({ model: 'site:m', state: 'ready' });
  });

  it('says why a load failed, and tries again when asked again', async () => {
    const { calls, runner } = controlledRunner();
    const prep = new Preparation(runner, memoryStorage());
    const first = prep.prepare(model('site:default'));
    calls[0]!.reject(new Error('the model folder has no tokenizer.json'));
    await first;
    expect(prep.current).toMatchObject({ model: 'site:default', state: 'failed', error: 'the model folder has no tokenizer.json' });
    void prep.prepare(model('site:default'));
    expect(calls).toHaveLength(2);
    expect(prep.current?.state).toBe('loading');
  });

  it('an answer for an earlier choice does not overwrite a later one, nor a forgotten worker', async () => {
    const { calls, runner } = controlledRunner();
    const prep = new Preparation(runner, memoryStorage());
    const a = prep.prepare(model('site:a'));
    const b = prep.prepare(model('dropped-b'));
    calls[1]!.resolve();
    await b;
    calls[0]!.resolve();
    await a;
    expect(prep.current).toMatchObject({ model: 'dropped-b', state: 'ready' });

    const c = prep.prepare(model('site:a'));
    prep.forget();
    calls[2]!.resolve();
    await c;
    expect(prep.current).toBeNull();
  });

  it('switched off (remembered across reloads), it loads nothing; a runner without prepare is left alone', async () => {
    const { calls, runner } = controlledRunner();
    const storage = memoryStorage();
    const prep = new Preparation(runner, storage);
    prep.setEnabled(false);
    expect(storage.map.get(PREPARE_SETTING_KEY)).toBe('off');
    await prep.prepare(model('site:default'));
    expect(calls).toHaveLength(0);
    expect(prep.current).toBeNull();

    const reloaded = new Preparation(runner, storage);
    expect(reloaded.enabled).toBe(false);
    reloaded.setEnabled(true);
    expect(new Preparation(runner, storage).enabled).toBe(true);

    const bare = new Preparation({}, memoryStorage());
    await bare.prepare(model('site:default'));
    expect(bare.current).toBeNull();
  });
});
