/// <reference lib="webworker" />
/** The stats worker: bootstrap intervals, slices and paired tests of a stored run, over comlink. */
import * as Comlink from 'comlink';
import { createStatsWorkerApi } from './stats-worker-api.ts';

Comlink.expose(createStatsWorkerApi());
