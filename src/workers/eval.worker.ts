/// <reference lib="webworker" />
/** The evaluation worker: Eval-CSC and Eval-GCSC's extraction and scoring off the main thread, over comlink. */
import * as Comlink from 'comlink';
import { createEvalWorkerApi } from './eval-worker-api.ts';

Comlink.expose(createEvalWorkerApi());
