import { diffLines, diffWords, type Change } from 'diff';

/** Beyond this a word diff of two long papers would freeze the tab; lines are diffed instead. */
const WORD_DIFF_TIMEOUT_MS = 1500;

/** The changes from `before` to `after`, word by word (line by line for very different texts). */
export function wordDiff(before: string, after: string): Change[] {
  return diffWords(before, after, { timeout: WORD_DIFF_TIMEOUT_MS }) ?? diffLines(before, after);
}
