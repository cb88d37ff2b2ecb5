/**
 * One worker computation at a time, with progress, Cancel and an error line: starting a new one or cancelling
 * aborts the one in flight, and a superseded job's progress, result or error never reaches the state. The panels'
 * states extend it.
 */
import { CancelledError } from '../../core/cancel.ts';

export interface JobOptions<P> {
  signal: AbortSignal;
  onProgress: (p: P) => void;
}

export class WorkerJob<P> {
  progress = $state.raw<P | null>(null);
  error = $state<string | null>(null);
  cancelled = $state(false);
  #controller: AbortController | null = null;

  /** `initial` is shown as progress from the start until the worker reports. */
  constructor(private readonly initial: P) {}

  get busy(): boolean {
    return this.progress !== null;
  }

  /** Aborts the job in flight without calling it cancelled, and clears the last error and cancel. */
  reset(): void {
    this.cancel(false);
    this.error = null;
    this.cancelled = false;
  }

  /** Runs `job`; `done` gets its result only if no later run or cancel superseded it. */
  async start<T>(job: (options: JobOptions<P>) => Promise<T>, done: (result: T) => void): Promise<void> {
    const controller = new AbortController();
    this.#controller = controller;
    this.progress = this.initial;
    // A notice from an earlier job ("Cancelled", an error) does not belong to this one.
    this.error = null;
    this.cancelled = false;
    try {
      const result = await job({ signal: controller.signal, onProgress: (p) => this.#controller === controller && (this.progress = p) });
      if (this.#controller === controller) done(result);
    } catch (err) {
      if (this.#controller !== controller) return;
      if (err instanceof CancelledError) this.cancelled = true;
      else this.error = err instanceof Error ? err.message : String(err);
    } finally {
      if (this.#controller === controller) {
        this.#controller = null;
        this.progress = null;
      }
    }
  }

  /** Aborts the job in flight, if any (`byUser`: marks it cancelled); says whether there was one. */
  cancel(byUser = true): boolean {
    const c = this.#controller;
    if (!c) return false;
    this.#controller = null;
    this.progress = null;
    c.abort();
    if (byUser) this.cancelled = true;
    return true;
  }
}
