import { describe, expect, it } from 'vitest';
import { loadCoreData } from '../../src/core/core-data.ts';
import { DEFAULT_PROFILES } from '../../src/core/metrics/registry.ts';
import { scoreProfiles, type ScoredProfile } from '../../src/core/score-profiles.ts';
import { packScores, unpackScores } from '../../src/workers/packed-scores.ts';

const ITEMS = [
  { id: '1', source: '我今天很高心。', references: ['我今天很高兴。'], prediction: '我今天很高兴。' },
  { id: '2', source: '他在学小。', references: ['他在学校。'], prediction: '她在学小。' },
  { id: '3', source: '天气很好。', references: ['天气很好。'], prediction: '天汽很好。' },
  { id: '4', source: '我们去公圆玩。', references: ['我们去公园玩。'], prediction: '我们去公园玩了。' },
];

/** What crossing threads does to the packed form: a structured clone, the arrays' buffers moved. */
const crossed = <T>(value: T, transfer: ArrayBuffer[]): T => structuredClone(value, { transfer });

describe('packed scores (the scoring worker → the evaluation worker)', () => {
  it('every default profile: unpacked equals the scores, key order and values included; the counts travel as transferred arrays', async () => {
    await loadCoreData();
    const scores = await scoreProfiles({ systems: [{ name: 'a', items: ITEMS }, { name: 'b', items: ITEMS.map((i) => ({ ...i, prediction: i.source })) }], profiles: DEFAULT_PROFILES.map((p) => p.name) });
    const expected = JSON.stringify(scores);
    const { packed, transfer } = packScores(scores);
    // A refused profile is sent as it is; every profile that scored is packed.
    expect(packed.flat().map((p) => p.kind)).toEqual(scores.flat().map((s) => (s.ok ? 'packed' : 'plain')));
    expect(packed.flat().filter((p) => p.kind === 'packed').length).toBeGreaterThan(10);
    expect(transfer.length).toBe(3 * packed.flat().filter((p) => p.kind === 'packed').length);
    const back = unpackScores(crossed(packed, transfer));
    expect(JSON.stringify(back)).toBe(expected);
    expect(back).toEqual(scores);
    // Transferred, not copied: the sender's arrays are emptied.
    expect(transfer.every((b) => b.byteLength === 0)).toBe(true);
  });

  it('keeps exact numbers (-0, fractions, NaN) and sends a sentence with anything else as it is', () => {
    const odd: ScoredProfile[][] = [
      [
        { ok: true, scored: { sentences: [{ counts: { a: -0, b: 0.1 + 0.2, c: NaN } }, { counts: { b: 1, a: 2 }, verdict: 'missed' }, { counts: {} }], warnings: [] }, refused: [] },
        { ok: true, scored: { sentences: [{ counts: { a: 1 }, verdict: 'correct', extra: 1 } as never], warnings: [] }, refused: [] },
        { ok: true, scored: { sentences: [{ verdict: 'correct', counts: { a: 1 } }], warnings: [] }, refused: [] },
      ],
    ];
    const { packed, transfer } = packScores(odd);
    expect(packed[0]!.map((p) => p.kind)).toEqual(['packed', 'plain', 'plain']);
    const back = unpackScores(crossed(packed, transfer));
    const first = back[0]![0]! as Extract<ScoredProfile, { ok: true }>;
    expect(Object.is(first.scored.sentences[0]!.counts['a'], -0)).toBe(true);
    expect(first.scored.sentences[0]!.counts['b']).toBe(0.1 + 0.2);
    expect(first.scored.sentences[0]!.counts['c']).toBeNaN();
    expect(Object.keys(first.scored.sentences[1]!.counts)).toEqual(['b', 'a']);
    expect(first.scored.sentences[1]!.verdict).toBe('missed');
    expect(JSON.stringify(back)).toBe(JSON.stringify(odd));
  });
});
