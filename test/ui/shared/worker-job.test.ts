import { describe, expect, test } from 'vitest';
import { CancelledError } from '../../../src/core/cancel.ts';
import { WorkerJob, type JobOptions } from '../../../src/ui/shared/worker-job.svelte.ts';

/** A job the test finishes by hand; it rejects with CancelledError when aborted, as the stats worker does. */
function pending<T>() {
  let resolve!: (v: T) => void;
  let options!: JobOptions<number>;
  const job = (o: JobOptions<number>) =>
    new Promise<T>((res, rej) => {
      options = o;
      resolve = res;
      o.signal.addEventListener('abort', () => rej(new CancelledError()));
    });
  return { job, finish: (v: T) => resolve(v), progress: (p: number) => options.onProgress(p) };
}

describe('WorkerJob', () => {
  test('shows the initial progress, then the reported one, and hands over the result', async () => {
    const j = new WorkerJob<number>(0);
    const p = pending<string>();
    const got: string[] = [];
    const running = j.start(p.job, (r) => got.push(r));
    expect(j.progress).toBe(0);
    expect(j.busy).toBe(true);
    p.progress(5);
    expect(j.progress).toBe(5);
    p.finish('done');
    await running;
    expect(got).toEqual(['done']);
    expect(j.busy).toBe(false);
    expect(j.error).toBeNull();
  });

  test('an error becomes the error line', async () => {
    const j = new WorkerJob<number>(0);
    await j.start(() => Promise.reject(new Error('worker died')), () => expect.unreachable());
    expect(j.error).toBe('worker died');
    expect(j.cancelled).toBe(false);
    expect(j.progress).toBeNull();
  });

  test('Cancel by the user marks it cancelled; the late result is dropped', async () => {
    const j = new WorkerJob<number>(0);
    const p = pending<string>();
    const running = j.start(p.job, () => expect.unreachable());
    expect(j.cancel()).toBe(true);
    await running;
    expect(j.cancelled).toBe(true);
    expect(j.error).toBeNull();
    expect(j.progress).toBeNull();
    expect(j.cancel()).toBe(false);
  });

  test('reset aborts silently and clears the last error; a superseded job reports nothing', async () => {
    const j = new WorkerJob<number>(0);
    await j.start(() => Promise.reject(new Error('old')), () => {});
    const first = pending<string>();
    const got: string[] = [];
    const a = j.start(first.job, (r) => got.push(r));
    j.reset();
    expect(j.error).toBeNull();
    const second = pending<string>();
    const b = j.start(second.job, (r) => got.push(r));
    first.progress(9);
    expect(j.progress).toBe(0);
    second.finish('new');
    await Promise.all([a, b]);
    expect(got).toEqual(['new']);
    expect(j.cancelled).toBe(false);
  });

  test('a new job starts without the last one\'s "Cancelled" or error', async () => {
    const j = new WorkerJob<number>(0);
    const first = pending<string>();
    const a = j.start(first.job, () => {});
    j.cancel();
    await a;
    expect(j.cancelled).toBe(true);
    const second = pending<string>();
    const b = j.start(second.job, () => {});
    expect(j.cancelled).toBe(false);
    second.finish('ok');
    await b;
    await j.start(() => Promise.reject(new Error('broke')), () => {});
    const third = pending<string>();
    const c = j.start(third.job, () => {});
    expect(j.error).toBeNull();
    third.finish('ok');
    await c;
  });
});
