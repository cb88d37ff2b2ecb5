import { Tokenizer } from '@huggingface/tokenizers';
import { MAX_SEQUENCE_LENGTH } from './types.ts';

/** Model inputs for one batch, row-major [batchSize, sequenceLength], padded to the longest row. */
export interface EncodedBatch {
  batchSize: number;
  sequenceLength: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  /** All zeros: single-sentence inputs. */
  tokenTypeIds: BigInt64Array;
  /** Each row's token count before padding. */
  lengths: number[];
}

export interface BatchEncoder {
  readonly maxLength: number;
  readonly padId: number;
  /** Token ids with the model's special tokens, truncated to maxLength. */
  encode(text: string): number[];
  encodeBatch(texts: readonly string[]): EncodedBatch;
}

/**
 * Tokenizes with @huggingface/tokenizers from tokenizer.json (+ tokenizer_config.json when the folder has one).
 * That library does not truncate, so this does what the tokenizers library's default truncation does for one
 * sequence: drop tokens from the end of the text and keep the template's special tokens ([CLS] … [SEP]).
 */
/** Distinct texts remembered per encoder before the memo starts over (bounds its memory on huge runs). */
const MEMO_LIMIT = 100_000;

export function createBatchEncoder(tokenizerJson: object, tokenizerConfig: object | undefined, maxLength: number): BatchEncoder {
  const tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig ?? {});
  const limit = Math.min(maxLength, MAX_SEQUENCE_LENGTH);
  const padId = findPadId(tokenizer, tokenizerJson, tokenizerConfig);

  // Each distinct text is tokenized once per encoder (a run): references recur across operations and batches.
  const memo = new Map<string, readonly number[]>();
  function idsOf(text: string): readonly number[] {
    let ids = memo.get(text);
    if (ids === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      ids = encodeUncached(text);
      memo.set(text, ids);
    }
    return ids;
  }

  function encodeUncached(text: string): number[] {
    const full = tokenizer.encode(text).ids;
    if (full.length <= limit) return full;
    const plain = tokenizer.encode(text, { add_special_tokens: false }).ids;
    const specials = full.length - plain.length;
    const prefix = templatePrefixLength(full, plain);
    if (specials >= limit) throw new Error(`maxLength ${limit} leaves no room for text between ${specials} special tokens`);
    return [...full.slice(0, prefix), ...plain.slice(0, limit - specials), ...full.slice(prefix + plain.length)];
  }

  function encodeBatch(texts: readonly string[]): EncodedBatch {
    const rows = texts.map((text) => idsOf(text));
    const sequenceLength = Math.max(0, ...rows.map((r) => r.length));
    const size = rows.length * sequenceLength;
    const inputIds = new BigInt64Array(size).fill(BigInt(padId));
    const attentionMask = new BigInt64Array(size);
    rows.forEach((ids, b) => {
      ids.forEach((id, s) => {
        inputIds[b * sequenceLength + s] = BigInt(id);
        attentionMask[b * sequenceLength + s] = 1n;
      });
    });
    return {
      batchSize: rows.length,
      sequenceLength,
      inputIds,
      attentionMask,
      tokenTypeIds: new BigInt64Array(size),
      lengths: rows.map((r) => r.length),
    };
  }

  // encode hands out a copy: the memo's arrays must not change under later batches.
  return { maxLength: limit, padId, encode: (text) => idsOf(text).slice(), encodeBatch };
}

/** Where the text's own tokens start inside the encoding with special tokens (1 for [CLS] $A [SEP]). */
function templatePrefixLength(full: readonly number[], plain: readonly number[]): number {
  for (let start = 0; start + plain.length <= full.length; start++) {
    if (plain.every((id, i) => full[start + i] === id)) return start;
  }
  throw new Error('the tokenizer post-processor changes the text tokens; cannot truncate');
}

/** tokenizer.json's padding settings, else tokenizer_config's pad_token, else the usual names; XLM-R pads with 1. */
function findPadId(tokenizer: Tokenizer, tokenizerJson: object, tokenizerConfig: object | undefined): number {
  const padding = (tokenizerJson as { padding?: { pad_id?: unknown } | null }).padding;
  if (typeof padding?.pad_id === 'number') return padding.pad_id;
  const configured = (tokenizerConfig as { pad_token?: unknown } | undefined)?.pad_token;
  const names = [
    typeof configured === 'string' ? configured : (configured as { content?: unknown } | undefined)?.content,
    '[PAD]',
    '<pad>',
  ];
  for (const name of names) {
    const id = typeof name === 'string' ? tokenizer.token_to_id(name) : undefined;
    if (id !== undefined) return id;
  }
  return 0;
}
