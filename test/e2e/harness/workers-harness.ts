/**
 * The worker test page's script: puts the worker clients on `window.csc` for test/e2e/workers.e2e.ts to drive
 * through page.evaluate. Built only in test builds (CSC_TEST_MODELS=1).
 */
import { createWorkerEmbeddingRuntime } from '../../../src/workers/embedding-client.ts';
import { createWorkerSegmenter } from '../../../src/workers/segmenter-client.ts';
import { listSiteModels } from '../../../src/platform/site-models.ts';
import { registerServiceWorker } from '../../../src/platform/sw-register.ts';
import { timeOrtAlone, timePageEmbedding } from './embedding-timing.ts';

const csc = { createWorkerEmbeddingRuntime, createWorkerSegmenter, listSiteModels, registerServiceWorker, timePageEmbedding, timeOrtAlone };
export type Harness = typeof csc;
(window as unknown as { csc: Harness }).csc = csc;
document.body.dataset['ready'] = 'true';
