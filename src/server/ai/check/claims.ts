import { findCitationMarkers } from '../../../shared/citations/citation-marker';
import { proseBlocks } from '../text/prose-blocks';
import { splitSentences } from '../text/sentences';

/** A sentence that cites works: the claim to check against each work's abstract. */
export interface CitingSentence {
  /** The sentence as written, citations included. */
  sentence: string;
  /** The sentence without its citation markers. */
  claim: string;
  refIds: string[];
}

export function withoutCitations(sentence: string): string {
  let text = sentence;
  for (const marker of findCitationMarkers(sentence).reverse()) {
    text = text.slice(0, marker.index) + text.slice(marker.index + marker.text.length);
  }
  return text
    .replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether two claims are the same sentence, whatever the spacing, case, punctuation or markdown
 * marks a save or an editor round trip put around its words.
 */
export function sameClaim(a: string, b: string): boolean {
  const words = (claim: string) =>
    claim
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.join(' ') ?? '';
  return words(a) === words(b);
}

/** Every sentence of the markdown's prose that holds a citation marker. */
export function citingSentences(markdown: string): CitingSentence[] {
  return proseBlocks(markdown).flatMap((block) =>
    splitSentences(block.text.replace(/\s*\n\s*/g, ' ')).flatMap((sentence) => {
      const refIds = [...new Set(findCitationMarkers(sentence).flatMap((m) => m.refIds))];
      return refIds.length > 0 ? [{ sentence, claim: withoutCitations(sentence), refIds }] : [];
    }),
  );
}
