import { diffLines, diffWordsWithSpace, type Change } from 'diff';

/** Beyond this a word diff of two long papers would freeze the tab; lines are diffed instead. */
const WORD_DIFF_TIMEOUT_MS = 1500;

/**
 * The changes from `before` to `after`, word by word (line by line for very different texts).
 * Spaces and line breaks are compared as words too, so each side is rebuilt exactly from its
 * own text: diffWords takes the unchanged whitespace from `after`, which joined a heading and
 * its paragraph on the 'before' side when a line break changed.
 */
export function wordDiff(before: string, after: string): Change[] {
  return (
    diffWordsWithSpace(before, after, { timeout: WORD_DIFF_TIMEOUT_MS }) ?? diffLines(before, after)
  );
}
