/**
 * A judge whose model is still loading (on another thread): evaluate() segments and extracts meanwhile, and waits
 * for it (Judge.ready) only before the first request. Its id, threshold and details are read after judging.
 */
import type { Judge } from './gcsc/judge.ts';
import type { ResolvedJudge } from './judge-spec.ts';

export function pendingJudge(spec: ResolvedJudge['spec'], loading: Promise<ResolvedJudge>): ResolvedJudge {
  let loaded: ResolvedJudge | undefined;
  const textOnly = spec.kind === 'model' || spec.kind === 'exact';
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
    // Model judges read the two texts alone: the kind says so before the model is there.
    textOnly,
    ready: () => settled,
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
