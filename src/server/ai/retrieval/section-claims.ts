import { withoutCitations } from '../check/claims';
import { isGenericTerm } from '../text/generic-terms';
import { keyTerms } from '../text/key-terms';
import { proseBlocks } from '../text/prose-blocks';
import { splitSentences } from '../text/sentences';

/** A sentence with fewer specific terms states too little to search or judge evidence by. */
const MIN_TERMS = 2;
/** Beyond this many claims the evidence is judged on the first ones (the budget holds 14 works). */
const MAX_CLAIMS = 24;

function specificTerms(sentence: string): number {
  return new Set(keyTerms(sentence).filter((term) => !isGenericTerm(term))).size;
}

export interface Paragraph {
  text: string;
  claims: string[];
}

/** The section's prose paragraphs and their sentences that state something, citations removed. */
export function sectionParagraphs(sectionText: string): Paragraph[] {
  return proseBlocks(sectionText).flatMap((block) => {
    const claims = splitSentences(block.text.replace(/\s*\n\s*/g, ' '))
      .map(withoutCitations)
      .filter((sentence) => specificTerms(sentence) >= MIN_TERMS);
    return claims.length > 0 ? [{ text: withoutCitations(block.text), claims }] : [];
  });
}

/** Every claim of the section, in order, at most MAX_CLAIMS. */
export function sectionClaims(sectionText: string): string[] {
  return sectionParagraphs(sectionText)
    .flatMap((paragraph) => paragraph.claims)
    .slice(0, MAX_CLAIMS);
}

/**
 * A sentence as a search query: quotes and a leading '-' or '+' in prose are not the search
 * syntax's phrase and exclusion operators.
 */
export function plainQuery(text: string): string {
  return text
    .replace(/["“”]/g, ' ')
    .replace(/(^|\s)[-+]/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
