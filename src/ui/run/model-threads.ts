/**
 * The model's WASM threads, a page-wide setting kept in localStorage: 'auto' (every core, the default: while a run
 * is the page's only work, judging scales with them) or a number. Threads need a cross-origin isolated page; the
 * service worker makes one where the host sends no COOP/COEP headers (sw-register.ts).
 */
export type ThreadsSetting = 'auto' | number;

export const THREADS_SETTING_KEY = 'csc-studio.model-threads';

export function readThreadsSetting(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThreadsSetting {
  try {
    const value = Number(storage?.getItem(THREADS_SETTING_KEY));
    return Number.isInteger(value) && value >= 1 ? value : 'auto';
  } catch {
    return 'auto'; // private mode
  }
}

export function writeThreadsSetting(value: ThreadsSetting, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(THREADS_SETTING_KEY, String(value));
  } catch {
    // A convenience only.
  }
}

/** The choices the Run tab offers: every core, then 1 … cores. */
export function threadChoices(cores: number): ThreadsSetting[] {
  return ['auto', ...Array.from({ length: Math.max(1, cores) }, (_, i) => i + 1)];
}
