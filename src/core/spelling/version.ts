/** Bumped whenever the spelling check's rules or tables change what it rejects (recorded in judge ids and reports). */
export const SPELLING_CHECK_VERSION = 'spelling-check-1';
