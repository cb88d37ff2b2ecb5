#!/usr/bin/env node
// Runs the prebuilt bundle in build/cli (`npm run build:cli`, run by `npm ci` through `prepare`) when no bundled
// source is newer than it; otherwise the TypeScript sources through tsx's loader, so a fresh clone without a build
// and a working tree with edits both run the current code.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const bundle = new URL('build/cli/csc-studio.js', root);

function bundleIsCurrent() {
  let built;
  let sources;
  try {
    built = statSync(bundle).mtimeMs;
    sources = JSON.parse(readFileSync(new URL('build/cli/sources.json', root), 'utf8'));
  } catch {
    return false;
  }
  for (const file of sources) {
    const s = statSync(new URL(file, root), { throwIfNoEntry: false });
    if (s && s.mtimeMs > built) return false;
  }
  return true;
}

if (bundleIsCurrent()) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
