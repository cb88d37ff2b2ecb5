import { mount } from 'svelte';
import App from './App.svelte';
import './ui/shared/styles.css';
import { registerServiceWorker } from './platform/sw-register';
import { appUpdate } from './ui/app/app-update.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
export default mount(App, { target });

// Offline after one visit; a new deployment waits until the user chooses to reload (it does nothing in dev).
void registerServiceWorker({
  onNeedRefresh: (apply) => (appUpdate.apply = apply),
  onOfflineReady: () => (appUpdate.offlineReady = true),
});
