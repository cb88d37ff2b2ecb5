/** What the service worker reported: a new build waiting (with the call that switches to it), or offline-ready. */
export const appUpdate = $state<{ apply: (() => Promise<void>) | null; offlineReady: boolean }>({ apply: null, offlineReady: false });
