/**
 * Registers dist/sw.js (production builds only) and turns its life cycle into two callbacks for the UI:
 *
 *   registerServiceWorker({
 *     onOfflineReady: () => toast('Ready to work offline'),
 *     onNeedRefresh: (update) => showBanner('A new version is available', { onClick: update }),
 *   });
 *
 * `update()` tells the waiting worker to take over and reloads the page once it has.
 */
export interface ServiceWorkerHooks {
  /** A new build is installed and waiting; call `update()` to switch to it (reloads the page). */
  onNeedRefresh?: (update: () => Promise<void>) => void;
  /** The first install finished: the app shell is cached and the page works offline. */
  onOfflineReady?: () => void;
  onError?: (error: Error) => void;
  /**
   * Reload once when a service worker controls the page but the page is not crossOriginIsolated (static hosts that
   * cannot send COOP/COEP: the worker adds them), the first visit included: the model then runs on every core.
   * Never once the user has started doing something (a click, a key, a drop): the next visit is isolated then.
   * Default false.
   */
  reloadForIsolation?: boolean;
  /** The worker's URL; default 'sw.js' next to the page (the build's root). */
  url?: string | URL;
  /** Register in dev too (there is no sw.js in dev: only for tests); default false. */
  force?: boolean;
}

export interface ServiceWorkerControl {
  readonly registration: ServiceWorkerRegistration;
  /** Asks the server for a newer sw.js now (browsers also check on navigation). */
  checkForUpdate(): Promise<void>;
}

const RELOAD_FLAG = 'csc-studio:coi-reload';

export async function registerServiceWorker(hooks: ServiceWorkerHooks = {}): Promise<ServiceWorkerControl | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  if (import.meta.env.DEV && !hooks.force) return undefined;
  const container = navigator.serviceWorker;
  const url = new URL(hooks.url ?? 'sw.js', document.baseURI);
  const busy = hooks.reloadForIsolation && !self.crossOriginIsolated ? watchForUse() : undefined;
  let registration: ServiceWorkerRegistration;
  try {
    // The scope is the worker's folder (the build's root), not the page's: pages in sub-folders stay covered.
    registration = await container.register(url, { scope: new URL('./', url).href, updateViaCache: 'none' });
  } catch (e) {
    hooks.onError?.(e as Error);
    return undefined;
  }

  let reloading = false;
  const update = async () => {
    const waiting = registration.waiting;
    if (!waiting) return;
    container.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      location.reload();
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  const hadController = container.controller !== null;
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker) => {
    if (watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) hooks.onNeedRefresh?.(update);
      if (worker.state === 'activated' && !hadController) hooks.onOfflineReady?.();
      if (worker.state === 'redundant' && !registration.active) hooks.onError?.(new Error('the service worker failed to install (see its console)'));
    });
  };
  if (registration.waiting && container.controller) hooks.onNeedRefresh?.(update);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) watch(registration.installing);
  });

  if (hooks.reloadForIsolation && !self.crossOriginIsolated) {
    await container.ready;
    const waitForControl = container.controller
      ? Promise.resolve()
      : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
    await waitForControl;
    if (!busy?.() && !sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      location.reload();
    }
  }

  return {
    registration,
    checkForUpdate: () => registration.update().then(() => undefined),
  };
}

/** Whether the user has clicked, typed or dropped something on the page since this was called. */
function watchForUse(): () => boolean {
  let used = false;
  const mark = () => (used = true);
  for (const type of ['pointerdown', 'keydown', 'drop', 'input']) addEventListener(type, mark, { capture: true, once: true, passive: true });
  return () => used;
}

/**
 * Resolves once no service worker is still installing for this page: at once when one controls the page or none
 * is registered, else when the first one takes control (or after `timeoutMs`). On a first visit the
 * worker is caching the model and the runtimes; a download started before it takes over would fetch them twice.
 */
export async function serviceWorkerSettled(timeoutMs = 20_000): Promise<void> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || container.controller) return;
  const registration = await container.getRegistration().catch(() => undefined);
  if (!registration) return;
  // Installing or waiting: it is caching the model and runtimes. Active but not yet in control: it claims this page
  // in a moment (activate → clients.claim()), and a fetch before that still goes to the network: wait for it too.
  if (!registration.installing && !registration.waiting && !registration.active) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
