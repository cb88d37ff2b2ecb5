/**
 * JSON.parse keeps the last of two equal keys in an object and drops the other without a word; a record with two
 * "prediction" fields is ambiguous, so such keys are found here first. A scan over the text: strings are skipped
 * whole, and a string directly inside an object followed by ':' is a key.
 */
export interface DuplicateKey {
  key: string;
  /** 1-based line of the second occurrence. */
  line: number;
  /** 1-based element of the top-level array that holds it. */
  record: number;
}

export function duplicateJsonKeys(text: string): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  // One entry per open container: the keys seen so far for an object, null for an array.
  const stack: (Set<string> | null)[] = [];
  let line = 1;
  let record = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '{') stack.push(new Set());
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',' && stack.length === 1) record++;
    else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const keys = stack[stack.length - 1];
      if (keys) {
        let k = j + 1;
        while (k < text.length && /\s/.test(text[k]!)) k++;
        if (text[k] === ':') {
          let key: string;
          try {
            key = JSON.parse(text.slice(i, j + 1)) as string;
          } catch {
            key = text.slice(i + 1, j);
          }
          if (keys.has(key)) out.push({ key, line, record });
          else keys.add(key);
        }
      }
      i = j;
    }
  }
  return out;
}
