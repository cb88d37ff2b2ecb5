/** The part of AbortSignal the core needs; the core is compiled without DOM types, and a real AbortSignal fits. */
export interface CancelSignal {
  readonly aborted: boolean;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export function throwIfCancelled(signal: CancelSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}
