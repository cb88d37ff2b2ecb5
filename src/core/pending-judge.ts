/**
 * A judge whose model is still loading (on another thread): evaluate() segments and extracts meanwhile, and waits
 * for it (Judge.ready) only before the first request. Its id, threshold and details are read after judging.
 */
import type { Judge } from './gcsc/judge.ts';
import type { ResolvedJudge } from './judge-spec.ts';

/** `onWait` is called when judging must wait for the loading (a page shows the model's load progress then). */
export function pendingJudge(spec: ResolvedJudge['spec'], loading: Promise<ResolvedJudge>, onWait?: () => void): ResolvedJudge {
  let loaded: ResolvedJudge | undefined;
  // Labels are kept per operation (id, system); every other kind reads the two texts alone.
  const textOnly = spec.kind !== 'labels';
  const settled = loading.then((judge) => {
    if (judge.judge.textOnly !== textOnly) throw new Error(`judge ${judge.judge.id}: textOnly is ${judge.judge.textOnly}, not ${textOnly} as its kind said`);
    loaded = judge;
  });
  settled.catch(() => undefined); // reported where ready() is awaited
  const get = (): ResolvedJudge => {
    if (!loaded) throw new Error('the judge was read before its model had loaded');
    return loaded;
  };
  const judge: Judge = {
    get id() {
      return get().judge.id;
    },
    textOnly,
    ready: () => {
      if (!loaded) onWait?.();
      return settled;
    },
    judge: async (requests, signal) => {
      await settled;
      return get().judge.judge(requests, signal);
    },
  };
  return {
    spec,
    judge,
    get threshold() {
      return get().threshold;
    },
    get thresholdFrom() {
      return get().thresholdFrom;
    },
    get info() {
      return get().info;
    },
    get stats() {
      return get().stats;
    },
  };
}
