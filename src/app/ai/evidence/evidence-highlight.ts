export interface TextPiece {
  text: string;
  /** The evidence sentence (000 §2.2): the part of the abstract that best supports the claim. */
  evidence: boolean;
}

/**
 * `paragraph` cut around the first occurrence of `evidence`, compared with whitespace
 * collapsed and, failing an exact match, without regard to case. One plain piece when the
 * sentence is not in this paragraph.
 */
export function highlightEvidence(paragraph: string, evidence: string | null): TextPiece[] {
  const sentence = evidence?.replace(/\s+/g, ' ').trim() ?? '';
  if (sentence === '') return [{ text: paragraph, evidence: false }];
  let start = paragraph.indexOf(sentence);
  if (start < 0) start = paragraph.toLowerCase().indexOf(sentence.toLowerCase());
  if (start < 0) return [{ text: paragraph, evidence: false }];
  const end = start + sentence.length;
  return [
    { text: paragraph.slice(0, start), evidence: false },
    { text: paragraph.slice(start, end), evidence: true },
    { text: paragraph.slice(end), evidence: false },
  ].filter((piece) => piece.text !== '');
}
