/**
 * The judge's model (and jieba) loaded before the user presses Start: the site's default model once the page is
 * idle, and whichever model the Run tab's judge list is set to. A run then finds them loaded on the evaluation
 * worker (or joins the load in progress) instead of spending its first seconds on them. Users on a slow machine or
 * a metered link can switch it off; the choice is remembered in localStorage.
 */
import type { RunJudge } from '../../db/types.ts';
import type { RunRunner } from '../../workers/run-client.ts';

export interface PreparedModel {
  /** The judge's model id ("site:<name>" or a dropped model's id); null: jieba only (exact or human judges). */
  model: string | null;
  /** The model with its graph and the load's settings: a change of any loads it again. */
  key: string | null;
  state: 'loading' | 'ready' | 'failed';
  error?: string;
}

export const PREPARE_SETTING_KEY = 'csc-studio.prepare-model';

export class Preparation {
  current = $state<PreparedModel | null>(null);
  enabled = $state(true);
  /** Counts choices: an answer for an older one is dropped ($state proxies objects, so they are not compared). */
  private generation = 0;

  constructor(
    private readonly runner: Pick<RunRunner, 'prepare'>,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
  ) {
    try {
      this.enabled = storage?.getItem(PREPARE_SETTING_KEY) !== 'off';
    } catch {
      // Private mode: the default.
    }
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    try {
      this.storage?.setItem(PREPARE_SETTING_KEY, on ? 'on' : 'off');
    } catch {
      // A convenience only.
    }
  }

  /**
   * Loads what a run with this judge would load first; nothing when switched off or already loading or loaded.
   * `settings` names what else the load depends on (the threads).
   */
  async prepare(judge: RunJudge, settings = ''): Promise<void> {
    if (!this.enabled || !this.runner.prepare) return;
    const model = judge.spec.kind === 'model' ? judge.spec.model : null;
    const key = model === null ? null : `${model}|${judge.graph ?? ''}|${settings}`;
    if (this.current && this.current.key === key && this.current.state !== 'failed') return;
    const generation = ++this.generation;
    this.current = { model, key, state: 'loading' };
    let outcome: PreparedModel;
    try {
      await this.runner.prepare(judge);
      outcome = { model, key, state: 'ready' };
    } catch (err) {
      outcome = { model, key, state: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    // A later choice (another model) or a terminated worker (forget) has replaced this one.
    if (this.generation === generation) this.current = outcome;
  }

  /** The evaluation worker was ended (Cancel, a crash): what it had loaded is gone. */
  forget(): void {
    this.generation++;
    this.current = null;
  }
}
