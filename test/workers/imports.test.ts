/** The layering rule for workers: they run core and db code, never the page's (src/ui, Svelte). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WORKERS = path.resolve(import.meta.dirname, '../../src/workers');

/** Every module a file imports, statically or dynamically, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(path.resolve(WORKERS, '..'), path.resolve(path.dirname(file), s)));
}

describe('src/workers imports', () => {
  const files = readdirSync(WORKERS, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|js)$/.test(f));

  it('finds the worker modules (the scan itself works)', () => {
    expect(files).toContain('run.worker.ts');
    expect(importsOf(path.join(WORKERS, 'run-job.ts'))).toContain(path.join('core', 'evaluate.ts'));
  });

  it('no file in src/workers imports from src/ui', () => {
    const offending = files.flatMap((f) => importsOf(path.join(WORKERS, f)).filter((i) => i.split(path.sep)[0] === 'ui').map((i) => `${f} → ${i}`));
    expect(offending).toEqual([]);
  });
});
