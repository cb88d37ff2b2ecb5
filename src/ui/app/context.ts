/**
 * Typed Svelte contexts (after svelte.dev's packages/repl/src/lib/context.ts): the app state and the selected
 * run's data, set once in App.svelte and read by any view below it without passing props.
 */
import { getContext, setContext } from 'svelte';
import type { AppState } from './app-state.svelte.ts';
import type { RunData } from './run-data.svelte.ts';

const APP = Symbol('csc-studio.app');
const RUN_DATA = Symbol('csc-studio.run-data');

export function setAppContext(app: AppState): void {
  setContext(APP, app);
}

export function getAppContext(): AppState {
  const app = getContext<AppState | undefined>(APP);
  if (!app) throw new Error('getAppContext() outside App.svelte: the app state is set there');
  return app;
}

/** The selected run's data, read through a getter so the views follow the selection. */
export interface SelectedRunData {
  readonly current: RunData | null;
}

export function setRunDataContext(selected: SelectedRunData): void {
  setContext(RUN_DATA, selected);
}

export function getRunDataContext(): SelectedRunData {
  const selected = getContext<SelectedRunData | undefined>(RUN_DATA);
  if (!selected) throw new Error('getRunDataContext() outside App.svelte: the selected run is set there');
  return selected;
}
