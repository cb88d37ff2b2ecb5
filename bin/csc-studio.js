#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the CLI and the app share one source tree without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
