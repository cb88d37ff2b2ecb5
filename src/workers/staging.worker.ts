/// <reference lib="webworker" />
/** The import step's worker: reads, detects and validates staged files, and stores an import (staging-api.ts). */
import * as Comlink from 'comlink';
import { Repository } from '../db/repository.ts';
import { CscStudioDb } from '../db/schema.ts';
import { createStagingApi } from './staging-api.ts';

const databases = new Map<string, Repository>();
const openRepo = (name: string) => {
  let repo = databases.get(name);
  if (!repo) databases.set(name, (repo = new Repository(new CscStudioDb(name))));
  return repo;
};

Comlink.expose(createStagingApi(openRepo));
