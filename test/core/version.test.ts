import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_NAME, TOOL_VERSION } from '../../src/core/version.ts';

describe('tool version', () => {
  it('is the package version, so reports name the release that made them', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect(TOOL_NAME).toBe(pkg.name);
    expect(TOOL_VERSION).toBe(pkg.version);
  });
});
