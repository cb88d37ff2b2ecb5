import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { LEXICAL_LICENCE } from '../../src/platform/model-card.ts';

describe("the default model's licence line", () => {
  test('says in English exactly what its manifest says, so the translation translates that sentence', () => {
    const manifest = JSON.parse(readFileSync('models/default/manifest.json', 'utf8')) as { licence: string };
    expect(LEXICAL_LICENCE.en).toBe(manifest.licence);
  });

  test('keeps every licence and work named in Chinese', () => {
    for (const name of ['CC BY-SA 4.0', 'CC-CEDICT', 'CC BY-SA 3.0', 'sunpinyin-data', 'jieba', 'dict.txt', 'MIT', 'segment', 'WordNet 3.0']) {
      expect(LEXICAL_LICENCE.zh).toContain(name);
    }
  });
});
