/**
 * The readings table (models/readings/readings.json) against pinyin-pro itself, character by character: every
 * Unified_Ideograph code point reads as pinyin-pro reads it (toneless, every reading of a polyphone, in pinyin-pro's
 * order), and nothing else has a reading. A pinyin-pro upgrade that changes a reading fails here: rebuild the
 * table with `npx tsx models/readings/build.ts`.
 */
import { readFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadReadings, readings } from '../../../src/core/align/pinyin.ts';

const HAN = /^\p{Unified_Ideograph}$/u;

beforeAll(() => loadReadings());

describe('the readings table', () => {
  it('was built from the pinyin-pro that is installed', () => {
    const installed = JSON.parse(readFileSync('node_modules/pinyin-pro/package.json', 'utf8')).version;
    const table = JSON.parse(readFileSync('models/readings/readings.json', 'utf8'));
    expect(table.source).toBe(`pinyin-pro ${installed}`);
  });

  it('reads every Han character as pinyin-pro does, and nothing else', { timeout: 60_000 }, () => {
    const differ: string[] = [];
    let withReadings = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const expected = HAN.test(ch) ? pinyin(ch, { toneType: 'none', multiple: true, type: 'array' }).filter((p) => p !== ch) : [];
      const got = readings(ch);
      if (got.length > 0) withReadings++;
      if (got.join(' ') !== expected.join(' ')) differ.push(`U+${cp.toString(16)} ${ch}: table [${got.join(' ')}], pinyin-pro [${expected.join(' ')}]`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(withReadings).toBe(21_131);
  });

  it('reads polyphones, extension characters and non-Han text', () => {
    expect(readings('行')).toEqual(['xing', 'hang', 'heng']);
    // pinyin-pro reads U+3447 (Extension A) and U+2CE93 (Extension F) but not U+20000, which it echoes back.
    expect([readings('㑇'), readings('𬺓'), readings('𠀀')]).toEqual([['zhou'], ['chu'], []]);
    expect(readings('〇')).toEqual([]); // not a Unified_Ideograph
    expect(readings('a')).toEqual([]);
  });
});
