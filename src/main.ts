import { mount } from 'svelte';
import { loadCoreData } from './core/core-data';
import App from './App.svelte';
import './ui/shared/styles.css';
import { registerServiceWorker } from './platform/sw-register';
import { appUpdate } from './ui/app/app-update.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// The screens call the aligner and profiles synchronously (diffs, verdicts, error types): their tables first.
await loadCoreData();
export default mount(App, { target });

// Offline after one visit; a new deployment waits until the user chooses to reload (it does nothing in dev). On a
// host that sends no COOP/COEP headers the worker adds them, and the page reloads once to get them (threads).
void registerServiceWorker({
  onNeedRefresh: (apply) => (appUpdate.apply = apply),
  onOfflineReady: () => (appUpdate.offlineReady = true),
  reloadForIsolation: true,
});
