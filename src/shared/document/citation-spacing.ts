/**
 * Where prose runs on after a citation, a space separates the two (spec 000 §5 removes "the
 * citation and the space before it", which only reads well if the words around it keep
 * theirs). Inserting, typing after and removing a citation all ask the same question.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

const WORD_START = /^[\p{L}\p{N}]/u;

/** True when `text` begins a word: a letter or a digit, not a space or punctuation. */
export function startsWord(text: string): boolean {
  return WORD_START.test(text);
}

/** True when the inline node `next` begins a word (text that does, or an equation). */
export function nodeStartsWord(next: ProseMirrorNode | null | undefined): boolean {
  if (!next) return false;
  if (next.isText) return startsWord(next.text ?? '');
  return next.type.name === 'inlineEquation';
}
