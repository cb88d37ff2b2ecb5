/// <reference lib="webworker" />
/**
 * The scoring worker, started by the evaluation worker: it scores a run's Eval-CSC profiles (the core's
 * scoreProfiles) on a second core while the evaluation worker loads jieba and the model. It holds no run state;
 * it dies with the evaluation worker (Cancel terminates both).
 */
import * as Comlink from 'comlink';
import { createScoreWorkerApi } from './score-worker-api.ts';

Comlink.expose(createScoreWorkerApi());
