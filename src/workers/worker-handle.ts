/**
 * A comlink-wrapped worker that can be terminated at any moment: every call races the worker's end, so a call in
 * flight rejects (CancelledError when cancelled, the worker's error when it crashed) instead of hanging forever.
 */
import * as Comlink from 'comlink';
import { CancelledError } from '../core/cancel.ts';
import type { CancelSignal } from '../core/cancel.ts';

/** What a worker must offer: a real Worker, or a MessagePort with terminate() in tests. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  terminate(): void;
}

export class WorkerTerminatedError extends Error {
  constructor(message = 'the worker was terminated') {
    super(message);
    this.name = 'WorkerTerminatedError';
  }
}

/** The worker itself failed (its script did not load, or an error escaped its code): not an error a call threw. */
export class WorkerFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerFailedError';
  }
}

export interface WorkerHandle<T> {
  readonly remote: Comlink.Remote<T>;
  readonly terminated: boolean;
  /** Runs a remote call; rejects with CancelledError as soon as `signal` aborts (terminating the worker). */
  call<R>(run: (remote: Comlink.Remote<T>) => Promise<R>, signal?: CancelSignal): Promise<R>;
  /** Ends the worker; pending calls reject with `reason` (default WorkerTerminatedError). */
  terminate(reason?: Error): void;
}

export function createWorkerHandle<T>(worker: WorkerLike): WorkerHandle<T> {
  const remote = Comlink.wrap<T>(worker as unknown as Comlink.Endpoint);
  let ended: Error | undefined;
  const waiters = new Set<(e: Error) => void>();

  const end = (reason: Error) => {
    if (ended) return;
    ended = reason;
    worker.removeEventListener('error', onError);
    try {
      remote[Comlink.releaseProxy]();
    } catch {
      // the port may already be closed
    }
    worker.terminate();
    for (const w of waiters) w(reason);
    waiters.clear();
  };
  // An uncaught error in the worker's top level (a failed import, say) would otherwise leave calls hanging.
  const onError = (event: Event) => {
    const message = (event as ErrorEvent).message || 'the worker failed to start (see the console)';
    event.preventDefault?.();
    end(new WorkerFailedError(message));
  };
  worker.addEventListener('error', onError);

  return {
    remote,
    get terminated() {
      return ended !== undefined;
    },
    call<R>(run: (r: Comlink.Remote<T>) => Promise<R>, signal?: CancelSignal): Promise<R> {
      if (ended) return Promise.reject(ended);
      if (signal?.aborted) {
        end(new CancelledError());
        return Promise.reject(new CancelledError());
      }
      return new Promise<R>((resolve, reject) => {
        const stop = watchSignal(signal, () => end(new CancelledError()));
        const waiter = (e: Error) => {
          stop();
          reject(e instanceof CancelledError ? new CancelledError() : e);
        };
        waiters.add(waiter);
        run(remote).then(
          (value) => {
            waiters.delete(waiter);
            stop();
            // A polled signal may abort between the worker's answer and this line: cancelled wins, always.
            if (!ended && signal?.aborted) end(new CancelledError());
            if (ended) reject(ended instanceof CancelledError ? new CancelledError() : ended);
            else resolve(value);
          },
          (error: unknown) => {
            waiters.delete(waiter);
            stop();
            reject(ended ?? error);
          },
        );
      });
    },
    terminate(reason = new WorkerTerminatedError()) {
      end(reason);
    },
  };
}

/**
 * Calls `onAbort` once when the signal aborts. An AbortSignal is listened to; a bare `{aborted}` object (the core's
 * CancelSignal) is polled. Returns the function that stops watching.
 */
export function watchSignal(signal: CancelSignal | undefined, onAbort: () => void): () => void {
  if (!signal) return () => undefined;
  const target = signal as Partial<AbortSignal>;
  if (typeof target.addEventListener === 'function' && typeof target.removeEventListener === 'function') {
    const listener = () => onAbort();
    target.addEventListener('abort', listener, { once: true });
    return () => target.removeEventListener!('abort', listener);
  }
  const timer = setInterval(() => {
    if (signal.aborted) {
      clearInterval(timer);
      onAbort();
    }
  }, 50);
  return () => clearInterval(timer);
}
