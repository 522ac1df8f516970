/** The verdict on one citation: does the work's abstract support the claim (000 §2.2)? */
export interface CitationCheck {
  refId: string;
  claim: string;
  /** 0..1; 0.5 or lower is shown as a warning. */
  certainty: number;
  /** One sentence. */
  reasoning: string;
  /** The abstract's sentence that best supports the claim, verbatim; null without an abstract. */
  evidence: string | null;
  method: 'model' | 'lexical';
}
