/**
 * Clean sentences for the generator: one per line, either `text` (the id is the line number) or `id<TAB>text`.
 * Blank lines are skipped. Ids and texts follow the test-set text policy; every problem is reported at once.
 */
import { IssueList } from '../io/issues.ts';
import { idProblem, textProblem } from '../io/validate-text.ts';
import type { CleanSentence } from './corrupt.ts';

export function parseSentences(text: string, file: string): CleanSentence[] {
  const issues = new IssueList();
  const sentences: CleanSentence[] = [];
  const firstLine = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (raw.trim() === '') return;
      const tab = raw.indexOf('\t');
      const id = tab < 0 ? String(line) : raw.slice(0, tab);
      const sentence = tab < 0 ? raw : raw.slice(tab + 1);
      const problem = idProblem(id) ?? textProblem(sentence, 'sentence');
      if (problem) return issues.add(file, line, problem);
      const seen = firstLine.get(id);
      if (seen !== undefined) return issues.add(file, line, `duplicate id "${id}": also on line ${seen}`, id);
      firstLine.set(id, line);
      sentences.push({ id, text: sentence });
    });
  if (sentences.length === 0 && issues.size === 0) issues.add(file, null, 'the file has no sentences');
  issues.throwIfAny();
  return sentences;
}
