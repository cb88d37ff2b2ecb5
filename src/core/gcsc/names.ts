/** Names and versions of the Eval-GCSC "profiles" (a leaf module, so report code can import it without a cycle). */
export const GCSC_PROFILE = { name: 'gcsc', version: '1.0.0' } as const;
export const OPS_PROFILE = { name: 'ops', version: '1.0.0' } as const;
/** Computed by the async Eval-GCSC pipeline rather than by a synchronous MetricProfile. */
export const GCSC_PROFILES = [GCSC_PROFILE, OPS_PROFILE] as const;
export const GCSC_PROFILE_NAMES: readonly string[] = GCSC_PROFILES.map((p) => p.name);
