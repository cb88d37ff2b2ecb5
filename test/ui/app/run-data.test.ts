import { describe, expect, test } from 'vitest';
import { RunDataStore } from '../../../src/ui/app/run-data.svelte.ts';
import type { RunRecord } from '../../../src/db/types.ts';
import type { ExplorerData } from '../../../src/ui/explorer/explorer.ts';

const run = (id: string, phasesDone: RunRecord['phasesDone']) => ({ id, phasesDone }) as RunRecord;

describe('RunDataStore: one load per run and stored phase', () => {
  test('views asking for the same run share one load; a new phase loads again; deleted runs are dropped', async () => {
    const loads: string[] = [];
    const store = new RunDataStore(async (r) => {
      loads.push(`${r.id}:${r.phasesDone.join('+')}`);
      return { rows: [], systems: [] } satisfies ExplorerData;
    }, 2);
    const a = store.get(run('a', ['csc']));
    expect(store.get(run('a', ['csc']))).toBe(a);
    await a.ready;
    expect(a.data).toEqual({ rows: [], systems: [] });
    const a2 = store.get(run('a', ['csc', 'gcsc']));
    expect(a2).not.toBe(a);
    store.get(run('b', ['csc']));
    store.get(run('c', ['csc']));
    // Keeps two: "a" was the least recently used.
    expect(store.size).toBe(2);
    store.retain(new Set(['c']));
    expect(store.size).toBe(1);
    expect(loads).toEqual(['a:csc', 'a:csc+gcsc', 'b:csc', 'c:csc']);
  });

  test('a failed load is reported, not thrown into the view', async () => {
    const store = new RunDataStore(async () => {
      throw new Error('storage gone');
    });
    const data = store.get(run('x', ['csc']));
    await expect(data.ready).rejects.toThrow('storage gone');
    expect(data.error).toBe('storage gone');
    expect(data.data).toBeNull();
  });
});
